import { defineQuery } from '@temporalio/workflow';
import type { StreamEvent } from '@askflow/contract';

/** The one topic of an ask's event log; offsets in it are the SSE event ids. */
export const ASK_EVENTS_TOPIC = 'ask';

export interface NumberedEvent {
  id: number;
  event: StreamEvent;
  /**
   * Not an entry of the run's log but its outcome read from history when the log could not be
   * replayed: each reader numbers it after the last id it has (it never repeats one it holds).
   */
  outcome?: true;
}

/**
 * Events from offset `from` on. Queries still answer after the run has closed (polling updates
 * do not), so a client that reconnects late catches up through this.
 */
export const askEventsQuery = defineQuery<NumberedEvent[], [number]>('askEvents');
