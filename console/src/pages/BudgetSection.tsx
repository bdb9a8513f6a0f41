// Token and cost caps per UTC day and month, of a project or of one key, with what is used so far.
import { useEffect, useState, type FormEvent } from 'react';
import { api, messageOf } from '../api.js';
import type { BudgetLimits, BudgetUpdate, BudgetView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

const CAPS: { field: keyof BudgetLimits; label: string; step: string }[] = [
  { field: 'dailyTokens', label: 'Tokens per day', step: '1' },
  { field: 'monthlyTokens', label: 'Tokens per month', step: '1' },
  { field: 'dailyCostUsd', label: 'USD per day', step: 'any' },
  { field: 'monthlyCostUsd', label: 'USD per month', step: 'any' },
];

type Draft = Record<keyof BudgetLimits, string>;
const draftOf = (l: BudgetLimits): Draft => ({
  dailyTokens: l.dailyTokens === null ? '' : String(l.dailyTokens),
  monthlyTokens: l.monthlyTokens === null ? '' : String(l.monthlyTokens),
  dailyCostUsd: l.dailyCostUsd === null ? '' : String(l.dailyCostUsd),
  monthlyCostUsd: l.monthlyCostUsd === null ? '' : String(l.monthlyCostUsd),
});

const usd = (n: number) => `$${n.toFixed(n > 0 && n < 0.01 ? 4 : 2)}`;

/** `path`: `/manage/projects/{id}/budget` or `…/keys/{keyId}/budget`. */
export function BudgetSection({ path, title, intro }: { path: string; title: string; intro: string }) {
  const { data, error, reload } = useAsync(() => api<BudgetView>('GET', path), [path]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (data) setDraft(draftOf(data.limits));
  }, [data]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setActionError(null);
    try {
      const body: BudgetUpdate = {};
      for (const { field } of CAPS) if (draft[field].trim() !== '') body[field] = Number(draft[field]);
      await api('PUT', path, body);
      setSaved(true);
      reload();
    } catch (err) { setActionError(messageOf(err)); }
  };

  return (
    <section>
      <h2>{title}</h2>
      <p>{intro} Empty: no cap. An ask is refused (402) once a cap is reached; asks already running finish.</p>
      <ErrorMessage error={error ?? actionError} />
      {data && (
        <p data-testid="budget-usage">
          Today: {data.usage.day.tokens.toLocaleString()} tokens, {usd(data.usage.day.costUsd)} ({data.usage.day.asks} asks) ·
          this month: {data.usage.month.tokens.toLocaleString()} tokens, {usd(data.usage.month.costUsd)} ({data.usage.month.asks} asks) · UTC
        </p>
      )}
      {draft && (
        <form onSubmit={(e) => void save(e)}>
          {CAPS.map(({ field, label, step }) => (
            <label key={field}>
              <span>{label}</span>
              <input type="number" min={0} step={step} value={draft[field]} onChange={(e) => { setDraft({ ...draft, [field]: e.target.value }); setSaved(false); }} />
            </label>
          ))}
          {saved && <p className="notice" role="status">Budget saved.</p>}
          <button type="submit">Save budget</button>
        </form>
      )}
    </section>
  );
}
