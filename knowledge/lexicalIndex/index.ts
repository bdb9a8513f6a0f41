// BM25 over a per-process, in-memory copy of each queried project's postings: the SQL path
// (store/bm25.ts) reads every candidate's full-text vector per question, which at 100k chunks
// took most of a hybrid retrieval's time. Each question still costs one round trip — its stems
// come from PostgreSQL's to_tsvector, so stemming is PostgreSQL's own, and the same statement
// reads the project's lexical version (bumped by triggers on `chunks`, migration 26), so a chunk
// written or deleted by any process is seen by the very next query here.
import type { Bm25Hit, WeightedText } from '../../store/bm25.js';
import { bm25Query, type Bm25Params, type Bm25Searcher } from '../lexical.js';
import type { SqlClient } from '../types.js';
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
    FROM unnest($2::text[], $3::float8[]) AS i(text, weight), unnest(to_tsvector('english', i.text)) AS u
   GROUP BY u.lexeme
)
SELECT (SELECT version FROM lexical_index_versions WHERE project_id = $1::uuid) AS version,
       ARRAY(SELECT lexeme FROM s ORDER BY lexeme) AS lexemes,
       ARRAY(SELECT weight FROM s ORDER BY lexeme) AS weights`;

export class LexicalIndex implements Bm25Searcher {
  private readonly sql: SqlClient;
  private readonly maxCacheBytes: number;
  /** In least-recently-queried order (a Map iterates in insertion order; a hit re-inserts). */
  private readonly cache = new Map<string, ProjectPostings>();
  /** Loads in flight, so concurrent questions on a cold project read its chunks once. */
  private readonly loading = new Map<string, { version: string; done: Promise<ProjectPostings> }>();
  /** Postings loads so far (tests and the bench read it). */
  loads = 0;

  constructor(options: LexicalIndexOptions) {
    this.sql = options.sql;
    this.maxCacheBytes = options.maxCacheBytes ?? DEFAULT_CACHE_BYTES;
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
    const postings = await this.project(projectId, String(row.version ?? 0)); // pg gives bigint as text, PGlite as a number
    const stems = row.lexemes.map((lexeme, i) => {
      const slot = postings.stems.get(lexeme);
      return { lexeme, weight: Number(row.weights[i]), df: slot === undefined ? 0 : postings.start[slot + 1]! - postings.start[slot]! };
    });
    const query = bm25Query(stems, postings.chunks, postings.tokens, params);
    return query ? scorePostings(postings, query, limit) : [];
  }

  /** What the cached postings take in memory, estimated as the cache budget counts it. */
  cachedBytes(): number {
    let total = 0;
    for (const p of this.cache.values()) total += p.bytes;
    return total;
  }

  /** Drops every cached project (e.g. to measure a cold query). */
  clearCache(): void {
    this.cache.clear();
  }

  private async project(projectId: string, version: string): Promise<ProjectPostings> {
    const cached = this.cache.get(projectId);
    if (cached?.version === version) {
      this.cache.delete(projectId);
      this.cache.set(projectId, cached);
      return cached;
    }
    if (cached) this.cache.delete(projectId); // stale: free it before loading the new one
    const inFlight = this.loading.get(projectId);
    if (inFlight?.version === version) return inFlight.done;
    this.loads++;
    const done = loadPostings(this.sql, projectId, version)
      .then((postings) => {
        this.remember(projectId, postings);
        return postings;
      })
      .finally(() => {
        if (this.loading.get(projectId)?.done === done) this.loading.delete(projectId);
      });
    this.loading.set(projectId, { version, done });
    return done;
  }

  private remember(projectId: string, postings: ProjectPostings): void {
    // A slower load of an older version must not replace a newer one already cached.
    const current = this.cache.get(projectId);
    if (current && BigInt(current.version) > BigInt(postings.version)) return;
    this.cache.delete(projectId);
    this.cache.set(projectId, postings);
    let total = 0;
    for (const p of this.cache.values()) total += p.bytes;
    // Oldest first; the project just loaded stays even if it alone is over budget (its query needs it).
    for (const [id, p] of this.cache) {
      if (total <= this.maxCacheBytes || id === projectId) break;
      this.cache.delete(id);
      total -= p.bytes;
    }
  }
}
