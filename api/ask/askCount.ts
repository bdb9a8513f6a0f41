import type { AskResponse, StreamEvent } from '@askflow/contract';
import { askDuration, asks, firstDelta } from '../../metrics/askMetrics.js';
import { tenantLabel } from '../../metrics/registry.js';
import type { AskWorkflowInput } from '../../interface/ask.js';
import { ASKFLOW, GEN_AI } from '../../tracing/attributes.js';
import type { Span } from '../../tracing/spans.js';

/** One ask as the api counts it: what was asked (and when it was accepted), whether a token was seen. */
export interface AskCount {
  input: AskWorkflowInput;
  firstDelta: boolean;
  /** Milliseconds from the request to the first delta sent, once one was. */
  firstDeltaMs?: number;
  /** The request's span (none with tracing off): the ask's outcome, intent and model end up on it. */
  span?: Span | undefined;
}

const sinceMs = (c: AskCount) => Math.max(0, Date.now() - c.input.receivedAt);
const since = (c: AskCount) => sinceMs(c) / 1000;

export type AskOutcome = 'answered' | 'failed' | 'cancelled' | 'timeout';

/** An ask that did not answer, by its error code (the JSON error's, or the stream's `error` event's). */
export const outcomeOf = (code: string): AskOutcome => (code === 'Timeout' ? 'timeout' : code === 'Cancelled' ? 'cancelled' : 'failed');

export function countAsk(c: AskCount, mode: 'json' | 'stream', outcome: AskOutcome, answer?: Pick<AskResponse, 'intent' | 'model' | 'threadId'>): void {
  asks.inc({ intent: answer?.intent ?? '', model: answer?.model ?? c.input.model, outcome, mode, key_mode: c.input.keyMode, tenant: tenantLabel(c.input.tenantId) });
  askDuration.observe({ mode, outcome }, since(c));
  c.span?.setAttributes({ 'askflow.outcome': outcome, [ASKFLOW.keyMode]: c.input.keyMode, [GEN_AI.requestModel]: c.input.model, ...(answer ? { [ASKFLOW.intent]: answer.intent, [ASKFLOW.threadId]: answer.threadId, [GEN_AI.responseModel]: answer.model } : {}) });
}

/** A streamed ask is counted by what it sends: its first `delta`, and its `done` or `error`. */
export function countStreamed(c: AskCount, event: StreamEvent): void {
  if (event.type === 'delta' && !c.firstDelta) {
    c.firstDelta = true;
    c.firstDeltaMs = sinceMs(c);
    firstDelta.observe(c.firstDeltaMs / 1000);
  } else if (event.type === 'done') {
    countAsk(c, 'stream', 'answered', event);
  } else if (event.type === 'error') {
    countAsk(c, 'stream', outcomeOf(event.code));
  }
}
