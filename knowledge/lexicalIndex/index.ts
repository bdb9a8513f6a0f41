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
    const version = String(row.version ?? 0); // pg gives bigint as text, PGlite as a number
    const postings = await this.cache.at(projectId, version, () => {
      this.loads++;
      return loadPostings(this.sql, projectId, version);
    });
    const stems = row.lexemes.map((lexeme, i) => {
      const slot = postings.stems.get(lexeme);
      return { lexeme, weight: Number(row.weights[i]), df: slot === undefined ? 0 : postings.start[slot + 1]! - postings.start[slot]! };
    });
    const query = bm25Query(stems, postings.chunks, postings.tokens, params);
    return query ? scorePostings(postings, query, limit) : [];
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
