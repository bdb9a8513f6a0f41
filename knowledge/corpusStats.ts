// The project's indexed knowledge as the offline router sees it: how many chunks, and how many
// of them hold each term of a question (PostgreSQL's full-text index answers both at once).
import type { CorpusStats } from '../providers/types.js';
import type { Pool } from '../store/pool.js';
import { jointFrequency, termStats } from '../store/termStats.js';
import type { LexicalIndex } from './lexicalIndex/index.js';

/**
 * CorpusStats over one project's chunks, costing nothing until asked: each `documentFrequency`
 * call is one query over the terms it is given, which also counts the chunks, so `chunks` and
 * `tokens` are known once the first call has answered (0 before). The router asks first, then reads it.
 */
export function corpusStatsFor(pool: Pool, projectId: string, lexical?: LexicalIndex): CorpusStats {
  let chunks = 0;
  let tokens = 0;
  return {
    get chunks() {
      return chunks;
    },
    get tokens() {
      return tokens;
    },
    async documentFrequency(terms: string[]): Promise<Map<string, number>> {
      const stats = await termStats(pool, projectId, terms);
      chunks = stats.chunks;
      tokens = stats.tokens;
      return stats.frequency;
    },
    // The worker's in-memory postings answer in about a millisecond (their one query for the stems
    // included) what the SQL path takes 20–40 ms for over common words (ten pairs, 3,000–12,000
    // chunks); the SQL path serves where there are none.
    jointFrequency(pairs) {
      return lexical ? lexical.jointFrequency(projectId, pairs) : jointFrequency(pool, projectId, pairs);
    },
  };
}
