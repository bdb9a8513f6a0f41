// Scores of one evaluation run, kept apart from how the answers were obtained.
import type { Intent } from '@askflow/contract';

export const INTENTS: Intent[] = ['vanilla', 'rag', 'tools', 'rag_tools'];

export interface IntentOutcome {
  expected: Intent;
  got: Intent | 'error';
  split: string;
  /** For tools/rag_tools prompts: whether the expected tool was the one used. */
  toolRight: boolean | null;
  /** Chunks retrieved for a vanilla prompt should be none. */
  chunks: number;
}

export interface RetrievalOutcome {
  kind: string;
  split: string;
  /** 1-based rank of the first source from an expected page among the sources, null when absent. */
  rank: number | null;
  termInAnswer: boolean;
}

const fixed = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(3));

export function intentRows(outcomes: IntentOutcome[]) {
  const row = (label: string, xs: IntentOutcome[]) => {
    const tooled = xs.filter((x) => x.toolRight !== null);
    const vanilla = xs.filter((x) => x.expected === 'vanilla');
    return {
      set: label,
      prompts: xs.length,
      accuracy: fixed(xs.filter((x) => x.got === x.expected).length / xs.length),
      'right tool': tooled.length ? `${tooled.filter((x) => x.toolRight).length}/${tooled.length}` : '—',
      'vanilla w/o chunks': vanilla.length ? `${vanilla.filter((x) => x.chunks === 0).length}/${vanilla.length}` : '—',
    };
  };
  // A set without halves (EVAL_INTENTS) has no rows for them.
  return [row('all', outcomes), ...['tuning', 'held-out'].map((s) => row(s, outcomes.filter((x) => x.split === s)))].filter((r) => r.prompts > 0);
}

/** Rows: expected intent; columns: reported intent. */
export function confusionRows(outcomes: IntentOutcome[]) {
  const columns = [...INTENTS, 'error'] as const;
  return INTENTS.map((expected) => {
    const row: Record<string, string | number> = { expected };
    for (const got of columns) row[got] = outcomes.filter((x) => x.expected === expected && x.got === got).length;
    return row;
  });
}

export const recallAt = (xs: RetrievalOutcome[], k: number) => xs.filter((x) => x.rank !== null && x.rank <= k).length / xs.length;
export const mrr = (xs: RetrievalOutcome[]) => xs.reduce((s, x) => s + (x.rank ? 1 / x.rank : 0), 0) / xs.length;

export function retrievalRows(outcomes: RetrievalOutcome[]) {
  const row = (label: string, xs: RetrievalOutcome[]) => ({
    questions: label,
    n: xs.length,
    'recall@5': fixed(recallAt(xs, 5)),
    'recall@1': fixed(recallAt(xs, 1)),
    MRR: fixed(mrr(xs)),
    'key term in answer': fixed(xs.filter((x) => x.termInAnswer).length / xs.length),
  });
  const rows = [row('all', outcomes)];
  for (const kind of ['lexical', 'paraphrase']) rows.push(row(kind, outcomes.filter((x) => x.kind === kind)));
  for (const split of ['tuning', 'held-out']) {
    rows.push(row(split, outcomes.filter((x) => x.split === split)));
    for (const kind of ['lexical', 'paraphrase']) rows.push(row(`${split} ${kind}`, outcomes.filter((x) => x.split === split && x.kind === kind)));
  }
  // A set of one kind or without halves (EVAL_QUESTIONS) has no rows for the others.
  return rows.filter((r) => r.n > 0);
}
