import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { WorkflowStreamClient } from '@temporalio/workflow-streams/client';
import { isTerminalEvent, type StreamEvent } from '@askflow/contract';
import { ASK_EVENTS_TOPIC, askEventsQuery, type NumberedEvent } from '../../workflows/askEvents.js';

/**
 * An ask's events after `afterId` (-1 for all), ending with its terminal event. While the run
 * is open they arrive by long-poll updates as soon as the workflow has them; once it has closed
 * (updates are refused then) the rest comes from a query, which any api replica can make.
 */
export async function* readAskEvents(temporal: Client, askId: string, afterId: number): AsyncGenerator<NumberedEvent> {
  let next = afterId + 1;
  const live = WorkflowStreamClient.create(temporal, askId).topic<StreamEvent>(ASK_EVENTS_TOPIC);
  try {
    for await (const item of live.subscribe(next, { pollCooldown: '20 milliseconds' })) {
      yield { id: item.offset, event: item.data };
      next = item.offset + 1;
      if (isTerminalEvent(item.data)) return;
    }
  } catch (err) {
    // A run cancelled (or failed) while a poll was parked ends that poll with an update
    // failure; its last events, `error` included, are still in the log, read below.
    if (!(err instanceof WorkflowUpdateFailedError)) throw err;
  }
  const rest = await temporal.workflow.getHandle(askId).query(askEventsQuery, next);
  for (const e of rest) {
    yield e;
    next = e.id + 1;
    if (isTerminalEvent(e.event)) return;
  }
  // Closed without a terminal event: terminated or timed out by an operator.
  yield { id: next, event: { type: 'error', code: 'Internal', message: 'The ask ended without an answer' } };
}
