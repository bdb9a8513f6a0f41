import { defaultPayloadConverter } from '@temporalio/common';
import { defineQuery } from '@temporalio/workflow';
import { decodePayloadWire, type WorkflowStream } from '@temporalio/workflow-streams/workflow';
import type { StreamEvent } from '@askflow/contract';

/** The one topic of an ask's event log; offsets in it are the SSE event ids. */
export const ASK_EVENTS_TOPIC = 'ask';

export interface NumberedEvent {
  id: number;
  event: StreamEvent;
}

/**
 * Events from offset `from` on. Queries still answer after the run has closed (polling updates
 * do not), so a client that reconnects late catches up through this.
 */
export const askEventsQuery = defineQuery<NumberedEvent[], [number]>('askEvents');

export function eventsFrom(stream: WorkflowStream, from: number): NumberedEvent[] {
  const state = stream.getState();
  // A snapshot's items carry no offsets: an item's offset is base_offset + its index.
  return state.log
    .map((item, i) => ({ item, id: state.base_offset + i }))
    .filter(({ item, id }) => id >= from && item.topic === ASK_EVENTS_TOPIC)
    .map(({ item, id }) => ({ id, event: defaultPayloadConverter.fromPayload<StreamEvent>(decodePayloadWire(item.data)) }));
}
