// Token and cost caps per UTC day and month, of a project or of one key, with what is used so far.
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api.js';
import type { BudgetLimits, BudgetUpdate, BudgetView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useAction } from '../useAction.js';
import { useUnsavedChanges } from '../router.js';
import { usd } from '../format.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';

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

/** `path`: `/manage/projects/{id}/budget` or `…/keys/{keyId}/budget`. */
export function BudgetSection({ path, title, intro }: { path: string; title: string; intro: string }) {
  const { data, error, reload } = useAsync(() => api<BudgetView>('GET', path), [path]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saved, setSaved] = useState(false);
  const action = useAction();
  useUnsavedChanges(Boolean(data && draft && JSON.stringify(draft) !== JSON.stringify(draftOf(data.limits))), title.toLowerCase());

  useEffect(() => {
    if (data) setDraft(draftOf(data.limits));
  }, [data]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const body: BudgetUpdate = {};
    for (const { field } of CAPS) if (draft[field].trim() !== '') body[field] = Number(draft[field]);
    if (await action.run(async () => { await api('PUT', path, body); return true; })) {
      setSaved(true);
      reload();
    }
  };

  return (
    <section>
      <h2>{title}</h2>
      <p>{intro} Empty: no cap. An ask is refused (402) once a cap is reached; asks already running finish.</p>
      <ErrorMessage error={error ?? action.error} />
      {!data && !error && <Skeleton label={`Loading ${title.toLowerCase()}`} lines={2} />}
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
              <input type="number" min={0} step={step} value={draft[field]} onChange={(e) => { setDraft({ ...draft, [field]: e.target.value }); setSaved(false); action.clearError(); }} />
            </label>
          ))}
          {saved && <p className="notice" role="status">Budget saved.</p>}
          <button type="submit" disabled={action.busy}>Save budget</button>
        </form>
      )}
    </section>
  );
}
