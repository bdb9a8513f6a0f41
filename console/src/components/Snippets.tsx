// The ways to call a key, as tabs (arrow keys move between them, as in any tab list), each
// with a Copy button.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { snippets, type SnippetTarget } from '../snippets.js';
import { CopyButton } from './CopyButton.js';

export function Snippets({ target, onCopied }: { target: SnippetTarget; onCopied?: () => void }) {
  const all = snippets(target);
  const [selected, setSelected] = useState(all[0]!.id);
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = all.find((s) => s.id === selected) ?? all[0]!;

  const onKey = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (i + step + all.length) % all.length;
    setSelected(all[next]!.id);
    tabs.current[next]?.focus();
  };

  return (
    <div className="snippets" data-testid="snippets">
      <div role="tablist" aria-label="Code to call this key">
        {all.map((s, i) => (
          <button key={s.id} ref={(el) => { tabs.current[i] = el; }} type="button" role="tab" id={`${base}-tab-${s.id}`}
            aria-selected={s.id === current.id} aria-controls={`${base}-panel`} tabIndex={s.id === current.id ? 0 : -1}
            onClick={() => setSelected(s.id)} onKeyDown={(e) => onKey(e, i)}>
            {s.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${current.id}`}>
        <pre className="code" tabIndex={0} aria-label={`${current.title} snippet`}><code data-testid="snippet-code">{current.code}</code></pre>
        <CopyButton value={current.code} label={`Copy ${current.title} snippet`} onCopied={onCopied} />
        {!target.key && <p className="meta">Set <code>ASKFLOW_API_KEY</code> to this key first: the console shows a key only once, when it is made.</p>}
      </div>
    </div>
  );
}
