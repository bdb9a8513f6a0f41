// BM25 over a per-process, in-memory copy of each queried project's postings: the SQL path
// (store/bm25.ts) reads every candidate's full-text vector per question, which at 100k chunks
// took most of a hybrid retrieval's time. Each question still costs one round trip — its stems
// come from PostgreSQL's to_tsvector (search_vector, migration 30), so stemming is PostgreSQL's
// own, and the same statement reads the project's lexical version (bumped by triggers on
// `chunks`, migration 26), so a chunk written or deleted by any process is seen by the very next
// query here.
import type { Bm25Hit, WeightedText } from '../../store/bm25.js';
import { bm25Query, type Bm25Params, type Bm25Searcher } from '../lexical.js';
import type { SqlClient } from '../types.js';
import { ProjectCache } from '../projectCache.js';
import { loadPostings } from './load.js';
import type { ProjectPostings } from './postings.js';
import { scorePostings } from './score.js';

export interface LexicalIndexOptions {
  sql: SqlClient;
  /** Memory the cached postings may use together; least recently queried projects are dropped past it. Default 512 MiB. */
  maxCacheBytes?: number;
}

const DEFAULT_CACHE_BYTES = 512 * 1024 ** 2;

// The question's distinct stems with the greatest weight each came with (as stemStats reads them)
// and the project's version, in one statement.
const QUESTION_SQL = `
WITH s AS (
  SELECT u.lexeme, max(i.weight)::float8 AS weight
    FROM unnest($2::text[], $3::float8[]) AS i(text, weight), unnest(search_vector(i.text)) AS u
   GROUP BY u.lexeme
)
SELECT (SELECT version FROM lexical_index_versions WHERE project_id = $1::uuid) AS version,
       ARRAY(SELECT lexeme FROM s ORDER BY lexeme) AS lexemes,
       ARRAY(SELECT weight FROM s ORDER BY lexeme) AS weights`;

// Each term's stems (as termStats reads a term) and the project's version, in one statement.
const TERMS_SQL = `
SELECT (SELECT version FROM lexical_index_versions WHERE project_id = $1::uuid) AS version,
       ARRAY(SELECT array_to_json(tsvector_to_array(search_vector(t)))::text FROM unnest($2::text[]) WITH ORDINALITY AS x(t, i) ORDER BY i) AS stems`;

export class LexicalIndex implements Bm25Searcher {
  private readonly sql: SqlClient;
  private readonly cache: ProjectCache<ProjectPostings>;
  /** Postings loads so far (tests and the bench read it). */
  loads = 0;

  constructor(options: LexicalIndexOptions) {
    this.sql = options.sql;
    this.cache = new ProjectCache(options.maxCacheBytes ?? DEFAULT_CACHE_BYTES);
  }

  /** The best `limit` chunks by BM25 for the weighted phrases, exactly as bm25Search's SQL path ranks them. */
  async search(projectId: string, texts: WeightedText[], limit: number, params: Bm25Params): Promise<Bm25Hit[]> {
    const { rows } = await this.sql.query<{ version: unknown; lexemes: string[]; weights: number[] }>(QUESTION_SQL, [
      projectId,
      texts.map((t) => t.text),
      texts.map((t) => t.weight),
    ]);
    const row = rows[0]!;
    if (!row.lexemes.length) return [];
    const postings = await this.postings(projectId, row.version);
    const stems = row.lexemes.map((lexeme, i) => {
      const slot = postings.stems.get(lexeme);
      return { lexeme, weight: Number(row.weights[i]), df: slot === undefined ? 0 : postings.start[slot + 1]! - postings.start[slot]! };
    });
    const query = bm25Query(stems, postings.chunks, postings.tokens, params);
    return query ? scorePostings(postings, query, limit) : [];
  }

  /**
   * In how many chunks both terms of each pair occur, as store/termStats.ts's jointFrequency counts
   * them in SQL (the same stems; a stopword adds nothing to its pair), from the cached postings.
   */
  async jointFrequency(projectId: string, pairs: readonly (readonly [string, string])[]): Promise<number[]> {
    if (!pairs.length) return [];
    const terms = [...new Set(pairs.flat())];
    const { rows } = await this.sql.query<{ version: unknown; stems: string[] }>(TERMS_SQL, [projectId, terms]);
    const postings = await this.postings(projectId, rows[0]!.version);
    const stemsOf = new Map(terms.map((t, i) => [t, JSON.parse(rows[0]!.stems[i]!) as string[]]));
    return pairs.map(([a, b]) => {
      const stems = [...new Set([...stemsOf.get(a)!, ...stemsOf.get(b)!])];
      return stems.length ? chunksHoldingAll(postings, stems) : 0;
    });
  }

  private postings(projectId: string, version: unknown): Promise<ProjectPostings> {
    const at = String(version ?? 0); // pg gives bigint as text, PGlite as a number
    return this.cache.at(projectId, at, () => {
      this.loads++;
      return loadPostings(this.sql, projectId, at);
    });
  }

  /** What the cached postings take in memory, estimated as the cache budget counts it. */
  cachedBytes(): number {
    return this.cache.bytes();
  }

  /** Drops every cached project (e.g. to measure a cold query). */
  clearCache(): void {
    this.cache.clear();
  }
}

/** How many rows hold every one of `stems`: their postings (each ascending) walked together. */
function chunksHoldingAll(postings: ProjectPostings, stems: string[]): number {
  const lists = stems.map((stem) => postings.stems.get(stem)).map((slot) => (slot === undefined ? null : postings.rows.subarray(postings.start[slot]!, postings.start[slot + 1]!)));
  if (lists.some((l) => !l)) return 0;
  const [first, ...rest] = (lists as Int32Array[]).sort((x, y) => x.length - y.length);
  const at = rest.map(() => 0);
  let n = 0;
  for (const row of first!) {
    let all = true;
    for (let j = 0; j < rest.length; j++) {
      const list = rest[j]!;
      while (at[j]! < list.length && list[at[j]!]! < row) at[j]!++;
      if (list[at[j]!] !== row) all = false;
    }
    if (all) n++;
  }
  return n;
}
