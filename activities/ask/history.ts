import { tokenCount } from '../../text/tokens.js';
import type { ChatTurn } from '../../providers/types.js';
import type { Pool } from '../../store/pool.js';
import { recentTurns } from '../../store/turns.js';

/**
 * The thread's latest turns that fit in `budget` tokens, oldest first, as chat messages — never
 * the asking run's own turn: a step run again after it was stored sees what the first run saw.
 */
export async function historyWithin(pool: Pool, threadId: string, budget: number, askId: string): Promise<ChatTurn[]> {
  if (budget <= 0) return [];
  const kept: ChatTurn[][] = [];
  let used = 0;
  for (const turn of await recentTurns(pool, threadId, askId)) {
    used += tokenCount(turn.userMessage) + tokenCount(turn.answer);
    if (used > budget) break;
    kept.push([
      { role: 'user', content: turn.userMessage },
      { role: 'assistant', content: turn.answer },
    ]);
  }
  return kept.reverse().flat();
}
