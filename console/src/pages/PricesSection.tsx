// The price table (USD per million tokens); saving replaces the whole table.
import { useEffect, useState } from 'react';
import { api, messageOf } from '../api.js';
import type { PriceList, PricesInput } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

interface Row { modelId: string; inputPerMillion: string; outputPerMillion: string }

export function PricesSection({ projectId }: { projectId: string }) {
  const path = `/manage/projects/${projectId}/prices`;
  const { data, error } = useAsync(() => api<PriceList>('GET', path), [path]);
  const [rows, setRows] = useState<Row[]>([]);
  const [actionError, setActionError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (data) setRows(data.prices.map((p) => ({ modelId: p.modelId, inputPerMillion: String(p.inputPerMillion), outputPerMillion: String(p.outputPerMillion) })));
  }, [data]);

  const update = (i: number, patch: Partial<Row>) => { setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))); setSaved(false); };
  const save = async () => {
    setActionError(null);
    try {
      await api('PUT', path, { prices: rows.filter((r) => r.modelId.trim()).map((r) => ({ modelId: r.modelId.trim(), inputPerMillion: Number(r.inputPerMillion), outputPerMillion: Number(r.outputPerMillion) })) } satisfies PricesInput);
      setSaved(true);
    } catch (err) { setActionError(messageOf(err)); }
  };

  return (
    <section>
      <h2>Prices (USD per million tokens)</h2>
      <ErrorMessage error={error ?? actionError} />
      {rows.length === 0 && <p className="empty">No prices: every model costs 0.</p>}
      {rows.map((r, i) => (
        <fieldset key={i}>
          <legend>Price {i + 1}</legend>
          <label><span>Model id</span><input type="text" value={r.modelId} onChange={(e) => update(i, { modelId: e.target.value })} /></label>
          <label><span>Input per million</span><input type="number" min={0} step="any" value={r.inputPerMillion} onChange={(e) => update(i, { inputPerMillion: e.target.value })} /></label>
          <label><span>Output per million</span><input type="number" min={0} step="any" value={r.outputPerMillion} onChange={(e) => update(i, { outputPerMillion: e.target.value })} /></label>
          <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>Remove price {i + 1}</button>
        </fieldset>
      ))}
      <button type="button" onClick={() => setRows([...rows, { modelId: '', inputPerMillion: '0', outputPerMillion: '0' }])}>Add price</button>{' '}
      <button type="button" onClick={() => void save()}>Save prices</button>
      {saved && <p className="notice" role="status">Prices saved.</p>}
    </section>
  );
}
