import { defaultPayloadConverter } from '@temporalio/common';
import { decodePayloadWire, type WorkflowStream } from '@temporalio/workflow-streams/workflow';
import type { StreamEvent } from '@askflow/contract';
import { ASK_EVENTS_TOPIC, type NumberedEvent } from '../interface/askEvents.js';

/** How many events the run's log holds (its next event's offset). */
export function logLength(stream: WorkflowStream): number {
  const state = stream.getState();
  return state.base_offset + state.log.length;
}

/** The ask's events from offset `from` on, numbered by their offsets in the run's event log. */
export function eventsFrom(stream: WorkflowStream, from: number): NumberedEvent[] {
  const state = stream.getState();
  // A snapshot's items carry no offsets: an item's offset is base_offset + its index.
  return state.log
    .map((item, i) => ({ item, id: state.base_offset + i }))
    .filter(({ item, id }) => id >= from && item.topic === ASK_EVENTS_TOPIC)
    .map(({ item, id }) => ({ id, event: defaultPayloadConverter.fromPayload<StreamEvent>(decodePayloadWire(item.data)) }));
}
