// The price table (USD per million tokens); saving replaces the whole table.
import { useEffect, useState } from 'react';
import { api } from '../api.js';
import type { PriceList, PricesInput } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useAction } from '../useAction.js';
import { useProject } from '../projectContext.js';
import { useConsoleConfig } from '../useConsoleConfig.js';
import { useUnsavedChanges } from '../router.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { ModelPicker } from '../components/ModelPicker.js';
import { Skeleton } from '../components/Skeleton.js';

interface Row { modelId: string; inputPerMillion: string; outputPerMillion: string }
const rowsOf = (list: PriceList): Row[] => list.prices.map((p) => ({ modelId: p.modelId, inputPerMillion: String(p.inputPerMillion), outputPerMillion: String(p.outputPerMillion) }));

export function PricesSection() {
  const { project, reload: reloadProject } = useProject();
  const config = useConsoleConfig();
  const path = `/manage/projects/${project.id}/prices`;
  const { data, error } = useAsync(() => api<PriceList>('GET', path), [path]);
  const [saved, setSaved] = useState<Row[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [notice, setNotice] = useState(false);
  const action = useAction();
  useUnsavedChanges(JSON.stringify(rows) !== JSON.stringify(saved), 'prices');

  useEffect(() => {
    if (!data) return;
    setSaved(rowsOf(data));
    setRows(rowsOf(data));
  }, [data]);

  const update = (i: number, patch: Partial<Row>) => { setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))); setNotice(false); action.clearError(); };
  const save = async () => {
    const body = { prices: rows.filter((r) => r.modelId.trim()).map((r) => ({ modelId: r.modelId.trim(), inputPerMillion: Number(r.inputPerMillion), outputPerMillion: Number(r.outputPerMillion) })) } satisfies PricesInput;
    if (await action.run(async () => { await api('PUT', path, body); return true; })) {
      setSaved(rows);
      setNotice(true);
      reloadProject();
    }
  };

  return (
    <section>
      <h2>Prices (USD per million tokens)</h2>
      <ErrorMessage error={error ?? action.error} />
      {!data && !error && <Skeleton label="Loading prices" lines={2} />}
      {data && rows.length === 0 && <p className="empty">No prices: every model costs 0.</p>}
      {rows.map((r, i) => (
        <fieldset key={i}>
          <legend>Price {i + 1}</legend>
          <ModelPicker label="Model id" value={r.modelId} onChange={(m) => update(i, { modelId: m })} project={project} builtIn={config?.builtInModels ?? []} emptyLabel="Choose a model…" />
          <label><span>Input per million</span><input type="number" min={0} step="any" value={r.inputPerMillion} onChange={(e) => update(i, { inputPerMillion: e.target.value })} /></label>
          <label><span>Output per million</span><input type="number" min={0} step="any" value={r.outputPerMillion} onChange={(e) => update(i, { outputPerMillion: e.target.value })} /></label>
          <button type="button" onClick={() => { setRows(rows.filter((_, j) => j !== i)); setNotice(false); }}>Remove price {i + 1}</button>
        </fieldset>
      ))}
      <div className="row">
        <button type="button" onClick={() => { setRows([...rows, { modelId: '', inputPerMillion: '0', outputPerMillion: '0' }]); setNotice(false); }}>Add price</button>
        <button type="button" disabled={action.busy} onClick={() => void save()}>Save prices</button>
      </div>
      {notice && <p className="notice" role="status">Prices saved.</p>}
    </section>
  );
}
