import { log } from '@temporalio/activity';
import type { AskResponse } from '@askflow/contract';
import type { AskPlan, AskWorkflowInput } from '../../interface/ask.js';
import { deliveryOf, startDeliveries, type WebhookOutbox } from '../../interface/webhookOutbox.js';
import type { Pool } from '../../store/pool.js';
import { cost, tokens } from '../../metrics/askMetrics.js';
import { tenantLabel } from '../../metrics/registry.js';
import { turnCost } from '../../store/prices.js';
import { insertTurn } from '../../store/turns.js';
import { fitsNotify } from '../../store/notifications.js';
import { answerMessage, ASK_ANSWERS_CHANNEL, readResultMessage } from '../../interface/askAnswers.js';
import { askEventsChannel } from '../../interface/askEventsChannel.js';
import { pushPayloads } from './livePush.js';
import { ASKFLOW, GEN_AI } from '../../tracing/attributes.js';
import { annotateActiveSpan } from '../../tracing/spans.js';

/** Tokens and cost of a turn stored now (a retried save of the same run counts nothing). */
function countSpend(projectId: string, response: AskResponse, costUsd: number | null): void {
  const tenant = tenantLabel(projectId);
  tokens.inc({ model: response.model, type: 'prompt', tenant }, response.usage.promptTokens);
  tokens.inc({ model: response.model, type: 'completion', tenant }, response.usage.completionTokens);
  if (costUsd) cost.inc({ model: response.model, tenant }, costUsd);
}

/**
 * Stores the answered turn (idempotent on the workflow id), priced by the plan's model, and the
 * ask leaves its thread's queue and its `ask.completed` webhook deliveries are written in the same
 * statement; then the next ask on the thread is told to go (it sees this turn), and the
 * deliveries' workflows are started (idempotent on the ask id as well). With `announceAnswers`, a JSON ask's answer stored now is
 * also pushed to the api replica waiting on it (interface/askAnswers.ts). Resolves to whether the
 * turn was stored now (false: an earlier attempt of the run had stored it).
 */
export function saveTurn(pool: Pool, tellNext: (askId: string | null) => Promise<void>, webhooks?: WebhookOutbox, announceAnswers = false) {
  return async function saveTurn(plan: AskPlan, input: AskWorkflowInput, response: AskResponse, workflowId: string, doneId?: number): Promise<boolean> {
    const costUsd = turnCost(plan.price, response.usage.promptTokens, response.usage.completionTokens);
    const { stored, next, deliveries } = await insertTurn(pool, {
      projectId: plan.projectId,
      threadId: input.threadId,
      workflowId,
      requestId: input.requestId,
      externalUserId: input.externalUserId,
      userMessage: input.message,
      answer: response.answer,
      intent: response.intent,
      model: response.model,
      toolUsed: response.toolUsed,
      ragChunksUsed: response.ragChunksUsed,
      usage: response.usage,
      costUsd,
      latencyMs: Date.now() - input.receivedAt,
      isTest: input.keyMode === 'test',
      apiKeyId: input.apiKeyId,
      // The plan's model is the fallback that answered; the ask was for input.model.
      fellBackFrom: response.model !== input.model ? input.model : null,
      response,
    }, {
      leaveQueue: input.thread !== undefined,
      ...(input.stream ? pushedDone(announceAnswers ? doneId : undefined, workflowId, response) : announcement(announceAnswers, workflowId, response)),
      ...(webhooks ? { completed: completedDelivery(input, response, workflowId, costUsd) } : {}),
    });
    if (stored) countSpend(plan.projectId, response, costUsd);
    // The turn is stored and its place given up: failing the step now would only answer again.
    // A lost signal only delays the next ask, which checks again on its own.
    await tellNext(next);
    // Likewise for the deliveries, written with the turn: one whose workflow could not be started
    // is started by the worker's sweep of unattempted deliveries, or redelivered by the owner.
    if (webhooks && deliveries.length) {
      await startDeliveries(webhooks, deliveries)
        .catch((err: unknown) => log.warn('could not start the ask.completed deliveries', { workflowId, error: (err as Error).message }));
    }
    // What the ask turned out to be, on the step's span: the trace is searchable by it.
    annotateActiveSpan({
      [ASKFLOW.intent]: response.intent,
      [ASKFLOW.threadId]: response.threadId,
      [ASKFLOW.chunks]: response.ragChunksUsed,
      ...(response.toolUsed ? { [ASKFLOW.tool]: response.toolUsed } : {}),
      [GEN_AI.responseModel]: response.model,
      [GEN_AI.inputTokens]: response.usage.promptTokens,
      [GEN_AI.outputTokens]: response.usage.completionTokens,
      ...(costUsd !== null ? { 'askflow.cost_usd': costUsd } : {}),
    });
    return stored;
  };
}

/** The `ask.completed` message to the project's webhooks, written to the outbox with the turn. */
function completedDelivery(input: AskWorkflowInput, response: AskResponse, workflowId: string, costUsd: number | null) {
  return deliveryOf('ask.completed', {
    subjectId: workflowId,
    data: {
      askId: workflowId,
      threadId: response.threadId,
      externalUserId: input.externalUserId,
      intent: response.intent,
      model: response.model,
      toolUsed: response.toolUsed,
      usage: response.usage,
      costUsd,
      answer: response.answer,
    },
  });
}

/**
 * A streamed ask's `done`, pushed on its live channel under the id the log gives it next, as the
 * generation step pushed its deltas (api/ask/eventReader.ts): readers end the stream when the turn
 * is stored rather than when the run has published it and their poll of the log returns. Too big
 * for NOTIFY, or without an id (a run from before, the fast path off): the log brings it.
 */
function pushedDone(doneId: number | undefined, askId: string, response: AskResponse): { announce?: { channel: string; payload: string } } {
  if (doneId === undefined) return {};
  const [payload] = pushPayloads([{ id: doneId, event: { type: 'done', ...response } }]);
  return payload ? { announce: { channel: askEventsChannel(askId), payload } } : {};
}

/** The answer's announcement, when wanted: the answer, or — too big for NOTIFY — that the run's result holds it. */
function announcement(wanted: boolean, askId: string, response: AskResponse): { announce?: { channel: string; payload: string } } {
  if (!wanted) return {};
  const payload = answerMessage(askId, response);
  return { announce: { channel: ASK_ANSWERS_CHANNEL, payload: fitsNotify(payload) ? payload : readResultMessage(askId) } };
}
