// BM25 ranking of a project's chunks: the weights are worked out here from how many chunks hold
// each stem; the scoring runs in the in-memory index (knowledge/lexicalIndex/) when the caller
// has one, else in PostgreSQL (store/bm25.ts) from the statistics it keeps.
import { inPieces } from '../text/longRuns.js';
import { bm25Rank, stemStats, type Bm25Hit, type Bm25Query, type WeightedText } from '../store/bm25.js';
import type { Pool } from '../store/pool.js';

export interface Bm25Params {
  /** Term-frequency saturation. */
  k1: number;
  /** How much a chunk's length discounts its term frequencies (0: not at all, 1: fully). */
  b: number;
  /**
   * Stems in more than this share of the project's chunks do not select candidates (they still
   * score): their weight is near zero, and matching on them would make most chunks candidates.
   */
  commonShare: number;
}

/**
 * About how many chunks one question's BM25 scores at most. Scoring reads each candidate's
 * full-text vector, so the cost follows the candidates: a 100k-chunk project whose question
 * words are all fairly common would otherwise score tens of thousands of chunks.
 */
export const CANDIDATE_BUDGET = 1_500;

/**
 * The stems that pick the candidates: the rare ones (in at most `commonShare` of the chunks),
 * rarest first, as many as fit the budget — chunks holding any of them. When even the rarest
 * is in more chunks than the budget, chunks holding all of the rarest few instead, as many as
 * it takes to expect no more than the budget (assuming the stems occur independently). Chunks
 * left out hold only common words of the question, which weigh least. Stems that came with a
 * lower weight than the question's own (a thesaurus's other words) only fill what budget the
 * question's stems leave: they must not crowd out the chunks that hold the question's words.
 */
export function candidateStems(stems: { lexeme: string; df: number; weight?: number }[], chunks: number, commonShare: number): { stems: string[]; all: boolean } {
  const weightOf = (s: { weight?: number }) => s.weight ?? 1;
  const top = Math.max(...stems.map(weightOf));
  const byRarity = [...stems].sort((a, b) => a.df - b.df || (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0));
  const isRare = (s: { df: number }) => s.df <= commonShare * chunks;
  const own = byRarity.filter((s) => weightOf(s) === top);
  const rareOwn = own.filter(isRare);
  const any: string[] = [];
  let total = 0;
  for (const s of rareOwn.length ? rareOwn : own) {
    if (any.length && total + s.df > CANDIDATE_BUDGET) break;
    any.push(s.lexeme);
    total += s.df;
  }
  if (total <= CANDIDATE_BUDGET || own.length < 2) {
    for (const s of byRarity.filter((x) => weightOf(x) < top && isRare(x))) {
      if (total + s.df > CANDIDATE_BUDGET) break;
      any.push(s.lexeme);
      total += s.df;
    }
    return { stems: any, all: false };
  }
  const all = [own[0]!.lexeme];
  let expected = own[0]!.df;
  for (const s of own.slice(1)) {
    if (expected <= CANDIDATE_BUDGET) break;
    all.push(s.lexeme);
    expected *= s.df / chunks;
  }
  return { stems: all, all: true };
}

/** What ranks BM25 in memory (knowledge/lexicalIndex/'s LexicalIndex; an interface here, which that module imports, so the two do not import each other). */
export interface Bm25Searcher {
  search(projectId: string, texts: WeightedText[], limit: number, params: Bm25Params): Promise<Bm25Hit[]>;
}

/**
 * Okapi BM25 over the project's chunks for weighted phrases (the question itself weighs 1):
 * each stem weighs idf = ln(1 + (N − df + 0.5) / (df + 0.5)) times its phrase's weight.
 * In `index` (the process's in-memory index) when given, else in PostgreSQL; both rank alike.
 */
export async function bm25Search(pool: Pool, projectId: string, given: WeightedText[], limit: number, params: Bm25Params, index?: Bm25Searcher): Promise<Bm25Hit[]> {
  // PostgreSQL's parser is quadratic in a long run without spaces; no word of a question is that long.
  const texts = given.map((t) => ({ ...t, text: inPieces(t.text) }));
  if (index) return index.search(projectId, texts, limit, params);
  const { stems, chunks: n, tokens } = await stemStats(pool, projectId, texts);
  const query = bm25Query(stems, n, tokens, params);
  return query ? bm25Rank(pool, projectId, query, limit) : [];
}

/**
 * What BM25 scores a question by, from its stems' chunk frequencies and the project's totals —
 * shared by the SQL path and the in-memory index so both weigh and select exactly alike. Null
 * when no stem occurs in the project.
 */
export function bm25Query(stems: { lexeme: string; weight: number; df: number }[], n: number, tokens: number, params: Bm25Params): Bm25Query | null {
  const present = stems.filter((s) => s.df > 0);
  if (!present.length || !n) return null;
  const selection = candidateStems(present, n, params.commonShare);
  return {
    lexemes: present.map((s) => s.lexeme),
    weights: present.map((s) => s.weight * bm25Idf(s.df, n)),
    selecting: selection.stems,
    selectAll: selection.all,
    k1: params.k1,
    b: params.b,
    // Chunks stored without a token count (0) would make it zero: lengths then do not count.
    avgLength: Math.max(tokens / n, 1),
  };
}

/** A stem's BM25 IDF among `n` chunks (or passages), `df` of which hold it: ln(1 + (n − df + 0.5) / (df + 0.5)). */
export function bm25Idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * One stem's share of a BM25 score: weight · tf·(k1+1) / (tf + k1·(1 − b + b·length/avg)), in the
 * SQL path's order of operations (store/bm25.ts), which the in-memory index must equal exactly.
 */
export function bm25Term(q: Pick<Bm25Query, 'k1' | 'b' | 'avgLength'>, weight: number, tf: number, length: number): number {
  return (weight * (tf * (q.k1 + 1))) / (tf + q.k1 * (1 - q.b + (q.b * length) / q.avgLength));
}

