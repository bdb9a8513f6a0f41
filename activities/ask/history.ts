import type { ChatTurn } from '../../providers/types.js';
import type { AskWorkflowInput } from '../../interface/ask.js';
import { conversationWithin, latestWithin } from '../../interface/history.js';
import type { Pool } from '../../store/pool.js';
import { recentTurns } from '../../store/turns.js';

/**
 * The thread's latest turns that fit in `budget` tokens, oldest first, as chat messages — never
 * the asking run's own turn: a step run again after it was stored sees what the first run saw.
 */
async function historyWithin(pool: Pool, threadId: string, budget: number, askId: string): Promise<ChatTurn[]> {
  if (budget <= 0) return [];
  const turns = await recentTurns(pool, threadId, askId);
  return latestWithin(
    turns.map((turn) => [
      { role: 'user', content: turn.userMessage },
      { role: 'assistant', content: turn.answer },
    ]),
    budget,
  );
}

/**
 * What the model is given as the conversation so far: the history the caller sent when it sent
 * one (the OpenAI-compatible door), else the thread's stored turns; either within `budget` tokens.
 */
export async function askHistory(pool: Pool, input: AskWorkflowInput, budget: number, askId: string): Promise<ChatTurn[]> {
  return input.history ? conversationWithin(input.history, budget) : historyWithin(pool, input.threadId, budget, askId);
}
