// BM25 over one project's postings, in memory: the same candidates, weights, arithmetic,
// rounding and order as the SQL path's bm25Rank (store/bm25.ts), which stays the reference —
// test/knowledge/lexicalIndex.test.ts holds the two to equal results.
import type { Bm25Hit, Bm25Query } from '../../store/bm25.js';
import type { ProjectPostings } from './postings.js';
import { sqlRound9 } from './sqlRound.js';
import { bm25Term } from '../lexical.js';

/** Per-row scratch for one query at a time (scoring is synchronous, so queries never overlap). */
interface Scratch {
  stamp: Int32Array;
  slot: Int32Array;
  generation: number;
}
const scratches = new WeakMap<ProjectPostings, Scratch>();

function scratchFor(p: ProjectPostings): Scratch {
  let s = scratches.get(p);
  if (!s) scratches.set(p, (s = { stamp: new Int32Array(p.chunks), slot: new Int32Array(p.chunks), generation: 0 }));
  s.generation++;
  return s;
}

/** The slice of `p.rows` holding `stem`'s postings, or null when no chunk has it. */
function postingsOf(p: ProjectPostings, stem: string): [number, number] | null {
  const s = p.stems.get(stem);
  return s === undefined ? null : [p.start[s]!, p.start[s + 1]!];
}

/** Whether `row` is among the sorted rows p.rows[from..to). */
function holds(p: ProjectPostings, [from, to]: [number, number], row: number): boolean {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = p.rows[mid]!;
    if (r === row) return true;
    if (r < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** The best `limit` chunks for `q`, as bm25Rank returns them. */
export function scorePostings(p: ProjectPostings, q: Bm25Query, limit: number): Bm25Hit[] {
  if (!q.selecting.length) return [];
  const scratch = scratchFor(p);
  const { stamp, slot, generation } = scratch;
  const candidates: number[] = [];
  const take = (row: number) => {
    if (stamp[row] === generation) return;
    stamp[row] = generation;
    slot[row] = candidates.length;
    candidates.push(row);
  };
  const selecting = q.selecting.map((s) => postingsOf(p, s));
  if (q.selectAll) {
    // Chunks holding every selecting stem: walk the shortest list, look the row up in the others.
    if (selecting.some((s) => s === null)) return [];
    const lists = (selecting as [number, number][]).sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
    const [first, ...rest] = lists;
    for (let i = first![0]; i < first![1]; i++) {
      const row = p.rows[i]!;
      if (rest.every((l) => holds(p, l, row))) take(row);
    }
  } else {
    for (const range of selecting) if (range) for (let i = range[0]; i < range[1]; i++) take(p.rows[i]!);
  }
  if (!candidates.length) return [];

  // Σ of each stem's bm25Term, in the SQL's order of operations.
  const sums = new Float64Array(candidates.length);
  for (let t = 0; t < q.lexemes.length; t++) {
    const range = postingsOf(p, q.lexemes[t]!);
    if (!range) continue;
    const weight = q.weights[t]!;
    for (let i = range[0]; i < range[1]; i++) {
      const row = p.rows[i]!;
      if (stamp[row] !== generation) continue;
      const tf = p.tfs[i]!;
      const at = slot[row]!;
      sums[at] = sums[at]! + bm25Term(q, weight, tf, p.lengths[row]!);
    }
  }
  // Rounding (exact, but slow-ish) only the candidates that can reach the first `limit`: rounding
  // never reorders scores, and moves one by at most 1e-9 (plus the 15-digit step), so a chunk
  // below the limit-th raw sum by more than 1e-6 cannot reach it, not even on a tie.
  let floor = -Infinity;
  if (candidates.length > limit) floor = Float64Array.from(sums).sort()[candidates.length - limit]! - 1e-6;
  const scored: { row: number; score: number }[] = [];
  candidates.forEach((row, i) => {
    if (sums[i]! >= floor) scored.push({ row, score: sqlRound9(sums[i]!) });
  });
  scored.sort(
    (x, y) =>
      y.score - x.score ||
      p.documentOrder[x.row]! - p.documentOrder[y.row]! ||
      p.chunkIndex[x.row]! - p.chunkIndex[y.row]! ||
      (p.ids[x.row]! < p.ids[y.row]! ? -1 : p.ids[x.row]! > p.ids[y.row]! ? 1 : 0),
  );
  // In the SQL path's order of operations (store/bm25.ts), so both give the same float.
  const documentLength = (documentId: string) => (p.documentChunks.get(documentId)! * p.documentChunks.size) / p.chunks;
  return scored.slice(0, limit).map(({ row, score }) => ({ id: p.ids[row]!, documentId: p.documentIds[row]!, score, documentLength: documentLength(p.documentIds[row]!) }));
}
