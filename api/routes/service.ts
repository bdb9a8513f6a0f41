import Router from '@koa/router';
import type { Connection } from '@temporalio/client';
import { ASK_ID_HEADER, FeedbackRequestSchema, type AskAccepted, type CancelResult } from '@askflow/contract';
import { addLogContext } from '../../config/logContext.js';
import type { Logger } from '../../config/logger.js';
import type { ChannelListener } from '../../store/notifications.js';
import type { Pool } from '../../store/pool.js';
import { getMenu } from '../../store/projects.js';
import { saveFeedback } from '../../store/feedback.js';
import { responseOfRun } from '../../store/turns.js';
import { askRunState, askStatus, prefersAsync } from '../ask/askStatus.js';
import { readAskEvents } from '../ask/eventReader.js';
import { createAskHub, type AskReader } from '../ask/askHub.js';
import { subscribeLive } from '../ask/liveEvents.js';
import { ownAskId, prepareAsk, projectForKey } from '../ask/prepareAsk.js';
import { modelMenu } from '../ask/resolveModel.js';
import { openSse } from '../ask/sse.js';
import { awaitAnswer, startOrJoinAsk, type AskRuntime } from '../ask/startAsk.js';
import { leaveQueue, takeThreadTurn } from '../ask/threadPolicy.js';
import { ApiError } from '../errors.js';
import { apiKeyAuth } from '../middleware/apiKey.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { validate } from '../validate.js';
import { rateLimit, type RateLimitDefaults } from '../middleware/rateLimit.js';
import type { State, StateContext } from '../state.js';
import type { WorkerPresence } from '../workerPresence.js';
import type { Throttles } from '../middleware/throttles.js';
import { countAsk, countStreamed, outcomeOf, type AskCount } from '../ask/askCount.js';
import { rejections } from '../../metrics/askMetrics.js';
import { tenantLabel } from '../../metrics/registry.js';
import { activeSpan } from '../../tracing/spans.js';
import type { WebhookOutbox } from '../../interface/webhookOutbox.js';
import { DEFAULT_WEBHOOK_RETRY, type WebhookRetry } from '../../interface/webhooks.js';

export interface ServiceDeps extends AskRuntime {
  pool: Pool;
  temporalConnection: Connection;
  log: Logger;
  rateLimits: RateLimitDefaults;
  sseKeepAliveMs: number;
  masterKey: Buffer;
  /** Whether a worker polls the ask task queue: without one an ask is refused at once (503), not left to time out. */
  workers: WorkerPresence;
  throttles: Throttles;
  /** Where the worker's pushed events arrive (the fast path); without it streams read the log alone. */
  liveEvents?: ChannelListener;
  /** Backoff of the webhook deliveries this process announces (budget refusals, redeliveries); default DEFAULT_WEBHOOK_RETRY. */
  webhookRetry?: WebhookRetry;
}

/** Where this api announces webhook events: deliveries on its own task queue. */
export const webhookOutboxOf = (deps: ServiceDeps): WebhookOutbox => ({ pool: deps.pool, temporal: deps.temporal, taskQueue: deps.taskQueue, retry: deps.webhookRetry ?? DEFAULT_WEBHOOK_RETRY });

/** `Last-Event-ID` (header, or `lastEventId` query for clients that cannot set headers); -1 for "from the start". */
function lastEventId(ctx: StateContext): number {
  const raw = ctx.get('Last-Event-ID') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
  if (raw === '') return -1;
  const id = Number(raw);
  if (!Number.isInteger(id) || id < -1) throw new ApiError('ValidationError', 'Last-Event-ID must be an event id from this stream');
  return id;
}

export function serviceRoutes(deps: ServiceDeps): Router {
  const router = new Router<State<'apiKey' | 'project'>>({ prefix: '/service' });
  const webhooks = webhookOutboxOf(deps);
  router.use(apiKeyAuth(deps.pool, deps.throttles.invalidKeys), rateLimit(deps.pool, deps.rateLimits));

  // All streams of one ask in this process share one reader of its log and its pushed events.
  const hub = createAskHub({
    async prepare(askId) {
      // Listening starts before the run does, so no pushed event is missed.
      const live = deps.liveEvents ? await subscribeLive(deps.liveEvents, askId) : undefined;
      return { events: () => readAskEvents(deps.temporal, askId, -1, live), close: () => live?.close() };
    },
  });

  /**
   * Streams an ask's events from after `afterId`; the ask runs on whatever the client does. The
   * stream that started the ask (`counted`) counts it: its first token and its end.
   */
  async function streamAsk(ctx: StateContext, askId: string, afterId: number, reader: AskReader, counted?: AskCount): Promise<void> {
    const sse = openSse(ctx, { [ASK_ID_HEADER]: askId }, deps.sseKeepAliveMs);
    try {
      for await (const { id, event } of reader.events(afterId)) {
        if (sse.closed) break;
        sse.send(id, event);
        if (counted) countStreamed(counted, event);
      }
    } catch (err) {
      deps.log.error({ err, askId }, 'event stream failed');
      // No id: this is about the connection, not the ask; Last-Event-ID stays on the last real event.
      sse.send(null, { type: 'error', code: 'Unavailable', message: 'The event stream was interrupted; reconnect with Last-Event-ID' });
    } finally {
      reader.close();
      sse.end();
    }
  }

  router.post(['/ask', '/ask/stream'], jsonBody(), async (ctx) => {
    const streamed = ctx.path.endsWith('/stream') || ctx.get('Accept').includes('text/event-stream');
    const afterId = streamed ? lastEventId(ctx) : -1;
    ctx.state.timing.mark('body');
    // `Prefer: respond-async`: 202 at once, the ask runs on (a background ask). It runs as a
    // streamed ask does — its deltas in its event log for whoever follows it, its steps
    // cancellable — since no caller waits on the connection.
    const background = !streamed && prefersAsync(ctx.get('Prefer'));
    const prepared = await prepareAsk(ctx, { ...deps, webhooks }, streamed || background);
    const { workflowId, replay } = prepared;
    const accepted = (status: AskAccepted['status'], threadId: string) => {
      ctx.status = 202;
      ctx.set(ASK_ID_HEADER, workflowId);
      ctx.set('Preference-Applied', 'respond-async');
      ctx.set('Location', `/service/ask/${workflowId}`);
      ctx.body = { askId: workflowId, threadId, status } satisfies AskAccepted;
    };
    if (replay && !streamed) {
      // A finished run answers from its stored turn, even after Temporal's retention dropped it.
      const stored = await responseOfRun(deps.pool, workflowId);
      if (stored) {
        ctx.set('Idempotent-Replayed', 'true');
        if (background) return accepted('completed', stored.threadId);
        ctx.set(ASK_ID_HEADER, workflowId);
        ctx.body = stored;
        return;
      }
    }
    if (!replay && !(await deps.workers.confirmed())) {
      rejections.inc({ reason: 'no_worker', tenant: tenantLabel(ctx.state.project.id) });
      throw new ApiError('Unavailable', 'No worker is running to answer asks right now; try again shortly', undefined, { 'Retry-After': '5' });
    }
    // A retry joins its run, which already holds its place on the thread.
    const input = replay ? prepared.input : await takeThreadTurn(deps, ctx.state.project.threadConcurrency, workflowId, prepared.input).catch(async (err: unknown) => {
      await prepared.release();
      throw err;
    });
    const reader = streamed ? await hub.join(workflowId) : undefined;
    let handle;
    try {
      handle = await startOrJoinAsk(deps, workflowId, input);
    } catch (err) {
      reader?.close();
      if (input.thread) await leaveQueue(deps.pool, workflowId);
      throw err;
    }
    ctx.state.timing.mark('start');
    if (replay) ctx.set('Idempotent-Replayed', 'true');
    if (background) return accepted('running', input.threadId);
    const count: AskCount = { input, firstDelta: false, span: activeSpan() };
    if (reader) return streamAsk(ctx, workflowId, afterId, reader, replay ? undefined : count);
    ctx.set(ASK_ID_HEADER, workflowId);
    try {
      const answer = await awaitAnswer(deps, handle);
      ctx.body = answer;
      countAsk(count, 'json', 'answered', answer);
    } catch (err) {
      countAsk(count, 'json', outcomeOf(err instanceof ApiError ? err.code : 'Internal'));
      throw err;
    }
    ctx.state.timing.mark('result');
  });

  // A background ask's state (any ask's): running, or its answer or error once it has ended.
  router.get('/ask/:askId', async (ctx) => {
    const askId = ownAskId(ctx.state.apiKey, ctx.params.askId);
    addLogContext({ askId });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await askStatus(deps, askId);
  });

  // Resume a stream (any api replica can): GET with Last-Event-ID.
  router.get('/ask/:askId/events', async (ctx) => {
    const askId = ownAskId(ctx.state.apiKey, ctx.params.askId);
    addLogContext({ askId });
    const afterId = lastEventId(ctx);
    // An ask this process already streams exists: a thousand viewers cost one describe, not a thousand.
    if (!hub.has(askId)) await askRunState(deps.temporal, askId);
    return streamAsk(ctx, askId, afterId, await hub.join(askId));
  });

  router.post('/ask/:askId/cancel', async (ctx) => {
    const askId = ownAskId(ctx.state.apiKey, ctx.params.askId);
    const status = await askRunState(deps.temporal, askId);
    if (status !== 'RUNNING') throw new ApiError('Conflict', `Ask ${askId} has already finished (${status.toLowerCase()})`);
    await deps.temporal.workflow.getHandle(askId).cancel();
    ctx.status = 202;
    ctx.body = { askId, status: 'cancelling' } satisfies CancelResult;
  });

  // An end user's rating of an answered ask: one per ask, the latest replaces the one before.
  router.post('/feedback', jsonBody('64kb'), async (ctx) => {
    const body = validate(FeedbackRequestSchema, ctx.request.body);
    const project = projectForKey(ctx, body.tenantId);
    const askId = ownAskId(ctx.state.apiKey, body.askId);
    addLogContext({ askId });
    if (!(await saveFeedback(deps.pool, { projectId: project.id, askId, rating: body.rating, comment: body.comment ?? null }))) {
      throw new ApiError('NotFound', `Ask ${askId} has no answer to rate (unknown, or not answered yet)`);
    }
    ctx.status = 204;
  });

  router.get('/models', async (ctx) => {
    const project = projectForKey(ctx, ctx.get('X-Tenant-Id') || undefined);
    // The owner's current list: never served from a cache.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = modelMenu(project, await getMenu(deps.pool, project.id));
  });

  return router;
}
