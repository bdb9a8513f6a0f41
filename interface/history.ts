import { tokenCount } from '../text/tokens.js';
import type { ChatTurn } from '../providers/types.js';

/**
 * The newest groups of messages that fit in `budget` tokens, oldest first, flattened. A group
 * (a stored turn's question and answer, or one message a caller sent) is kept whole or not at
 * all, and nothing older than a group that does not fit is kept, so the model never sees a gap.
 */
export function latestWithin(groupsNewestFirst: Iterable<ChatTurn[]>, budget: number): ChatTurn[] {
  if (budget <= 0) return [];
  const kept: ChatTurn[][] = [];
  let used = 0;
  for (const group of groupsNewestFirst) {
    used += group.reduce((sum, m) => sum + tokenCount(m.content), 0);
    if (used > budget) break;
    kept.push(group);
  }
  return kept.reverse().flat();
}

/** A caller's conversation (oldest first) cut to its newest messages within `budget` tokens. */
export function conversationWithin(history: readonly ChatTurn[], budget: number): ChatTurn[] {
  return latestWithin([...history].reverse().map((m) => [m]), budget);
}
