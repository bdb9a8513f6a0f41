// An ordered list of models (the menu, the fallbacks): each removable, new ones picked.
import { useState } from 'react';
import type { ProjectView } from '@askflow/contract/browser';
import { ModelPicker } from './ModelPicker.js';

export function ModelListEditor({ legend, hint, models, onChange, project, builtIn }: {
  legend: string;
  hint: string;
  models: string[];
  onChange: (models: string[]) => void;
  project: ProjectView;
  builtIn: readonly string[];
}) {
  const [next, setNext] = useState('');
  // A new picker after each addition: back to "Choose a model…", out of any typed-name mode.
  const [added, setAdded] = useState(0);
  const add = () => {
    if (!next || next.endsWith(':') || models.includes(next)) return;
    onChange([...models, next]);
    setNext('');
    setAdded((n) => n + 1);
  };
  return (
    <fieldset className="model-list">
      <legend>{legend}</legend>
      <p className="meta">{hint}</p>
      {models.length === 0 ? <p className="empty">None.</p> : (
        <ol>
          {models.map((m) => (
            <li key={m}><code>{m}</code> <button type="button" onClick={() => onChange(models.filter((x) => x !== m))}>Remove {m}</button></li>
          ))}
        </ol>
      )}
      <div className="row">
        <ModelPicker key={added} label={`Add to ${legend.toLowerCase()}`} value={next} onChange={setNext} project={project} builtIn={builtIn} emptyLabel="Choose a model…" required={false} />
        <button type="button" disabled={!next || next.endsWith(':') || models.includes(next)} onClick={add}>Add</button>
      </div>
    </fieldset>
  );
}
