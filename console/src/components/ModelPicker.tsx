// Models are picked, not typed: the built-in models, then each of the project's connections
// with the models the project already uses on it and "another model on it…" for a new name.
// A typo can then only be in the part after the connection, never in the connection itself.
import { useId, useState } from 'react';
import type { ProjectView } from '@askflow/contract/browser';

const OTHER = '__other__:';

const providerOf = (id: string) => (id.includes(':') ? id.slice(0, id.indexOf(':')) : '');

/** Every model id the project refers to, and the built-in ones, each once. */
export function knownModels(project: ProjectView, builtIn: readonly string[]): string[] {
  return [...new Set([
    ...builtIn, project.chatModel, ...project.models, ...project.fallbackModels,
    ...(project.voiceModel ? [project.voiceModel] : []), ...project.prices.map((p) => p.modelId),
  ])];
}

export interface ModelPickerProps {
  label: string;
  value: string;
  onChange: (model: string) => void;
  project: ProjectView;
  builtIn: readonly string[];
  /** An option for "no model" (value ""), e.g. "Same as the chat model". */
  emptyLabel?: string;
  /** Say where hosted models come from while the project has no connection (once per form). */
  hint?: boolean;
  /** Whether a model name typed for a connection must be filled in before the form is sent. */
  required?: boolean;
}

export function ModelPicker({ label, value, onChange, project, builtIn, emptyLabel, hint = false, required = true }: ModelPickerProps) {
  const id = useId();
  const connections = project.providers.map((p) => p.name);
  const known = knownModels(project, builtIn);
  const builtInProviders = new Set(builtIn.map(providerOf));
  const onConnection = (c: string) => known.filter((m) => providerOf(m) === c);
  // A name typed for a connection stays in "another model" mode while it is edited.
  const [custom, setCustom] = useState<string | null>(() => (value && !known.includes(value) && connections.includes(providerOf(value)) ? providerOf(value) : null));
  const orphan = value && !custom && !builtIn.includes(value) && !builtInProviders.has(providerOf(value)) && !connections.includes(providerOf(value));

  return (
    <div className="model-picker">
      {/* Named by the text alone (aria-labelledby): a label around a select would add its options' text. */}
      <label>
        <span id={`${id}-label`}>{label}</span>
        <select
          aria-labelledby={`${id}-label`}
          value={custom ? `${OTHER}${custom}` : value}
          onChange={(e) => {
            const v = e.target.value;
            if (v.startsWith(OTHER)) {
              const c = v.slice(OTHER.length);
              setCustom(c);
              onChange(`${c}:`);
            } else {
              setCustom(null);
              onChange(v);
            }
          }}
        >
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          <optgroup label="Built in (no connection needed)">
            {builtIn.map((m) => <option key={m} value={m}>{m}</option>)}
          </optgroup>
          {connections.map((c) => (
            <optgroup key={c} label={`Connection ${c}`}>
              {onConnection(c).map((m) => <option key={m} value={m}>{m}</option>)}
              <option value={`${OTHER}${c}`}>Another model on {c}…</option>
            </optgroup>
          ))}
          {orphan && <option value={value}>{value} (no connection named {providerOf(value) || '?'})</option>}
        </select>
      </label>
      {custom && (
        <label className="model-name">
          <span id={`${id}-name`}>Model name on {custom}</span>
          <span className="model-name-input">
            <code aria-hidden="true">{custom}:</code>
            <input aria-labelledby={`${id}-name`} type="text" required={required} placeholder="gpt-4o-mini" value={value.slice(custom.length + 1)}
              onChange={(e) => onChange(`${custom}:${e.target.value.trim()}`)} />
          </span>
        </label>
      )}
      {hint && connections.length === 0 && <p className="meta">Hosted models (OpenAI and compatible servers) appear here once you add a provider connection (below, under Provider connections).</p>}
    </div>
  );
}
