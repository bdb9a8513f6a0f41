import Router from '@koa/router';
import type { Connection } from '@temporalio/client';
import { ASK_ID_HEADER, FeedbackRequestSchema, type AskAccepted, type CancelResult } from '@askflow/contract';
import { addLogContext } from '../../config/logContext.js';
import type { Pool } from '../../store/pool.js';
import { saveFeedback } from '../../store/feedback.js';
import { responseOfRun } from '../../store/turns.js';
import { askRunState, askStatus, prefersAsync } from '../ask/askStatus.js';
import type { AskReader } from '../ask/askHub.js';
import type { AskRunner, AskRunnerDeps } from '../ask/askRunner.js';
import { ownAskId, prepareAsk, projectForKey } from '../ask/prepareAsk.js';
import { modelMenu } from '../ask/resolveModel.js';
import { openSse } from '../ask/sse.js';
import { ApiError } from '../errors.js';
import { apiKeyAuth } from '../middleware/apiKey.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { validate } from '../validate.js';
import { rateLimit, type RateLimitDefaults } from '../middleware/rateLimit.js';
import type { State, StateContext } from '../state.js';
import type { Throttles } from '../middleware/throttles.js';
import type { AskCount } from '../ask/askCount.js';
import { activeSpan } from '../../tracing/spans.js';
import type { WebhookRetry } from '../../interface/webhooks.js';

export interface ServiceDeps extends AskRunnerDeps {
  pool: Pool;
  temporalConnection: Connection;
  rateLimits: RateLimitDefaults;
  sseKeepAliveMs: number;
  masterKey: Buffer;
  throttles: Throttles;
  /** Backoff of the webhook deliveries this process announces (budget refusals, redeliveries); default DEFAULT_WEBHOOK_RETRY. */
  webhookRetry?: WebhookRetry;
}


/** `Last-Event-ID` (header, or `lastEventId` query for clients that cannot set headers); -1 for "from the start". */
function lastEventId(ctx: StateContext): number {
  const raw = ctx.get('Last-Event-ID') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
  if (raw === '') return -1;
  const id = Number(raw);
  if (!Number.isInteger(id) || id < -1) throw new ApiError('ValidationError', 'Last-Event-ID must be an event id from this stream');
  return id;
}

export function serviceRoutes(deps: ServiceDeps, runner: AskRunner): Router {
  const router = new Router<State<'apiKey' | 'project' | 'menu'>>({ prefix: '/service' });
  router.use(apiKeyAuth(deps.pool, deps.throttles.invalidKeys), rateLimit(deps.pool, deps.rateLimits));

  /** Streams an ask's events as Askflow's SSE from after `afterId`. */
  const streamAsk = (ctx: StateContext, askId: string, afterId: number, reader: AskReader, counted?: AskCount) =>
    runner.stream(openSse(ctx, { [ASK_ID_HEADER]: askId }, deps.sseKeepAliveMs), askId, afterId, reader, counted);

  router.post(['/ask', '/ask/stream'], jsonBody(), async (ctx) => {
    const streamed = ctx.path.endsWith('/stream') || ctx.get('Accept').includes('text/event-stream');
    const afterId = streamed ? lastEventId(ctx) : -1;
    ctx.state.timing.mark('body');
    // `Prefer: respond-async`: 202 at once, the ask runs on (a background ask). It runs as a
    // streamed ask does — its deltas in its event log for whoever follows it, its steps
    // cancellable — since no caller waits on the connection.
    const background = !streamed && prefersAsync(ctx.get('Prefer'));
    const prepared = await prepareAsk(ctx, deps, streamed || background);
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
    const { handle, reader, pushed, input } = await runner.launch(prepared, streamed, !streamed && !background);
    ctx.state.timing.mark('start');
    if (replay) ctx.set('Idempotent-Replayed', 'true');
    if (background) return accepted('running', input.threadId);
    const count: AskCount = { input, firstDelta: false, span: activeSpan() };
    if (reader) return streamAsk(ctx, workflowId, afterId, reader, replay ? undefined : count);
    ctx.set(ASK_ID_HEADER, workflowId);
    ctx.body = await runner.answer(handle, count, pushed);
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
    if (!runner.hub.has(askId)) await askRunState(deps.temporal, askId);
    return streamAsk(ctx, askId, afterId, await runner.hub.join(askId));
  });

  router.post('/ask/:askId/cancel', async (ctx) => {
    const askId = ownAskId(ctx.state.apiKey, ctx.params.askId);
    // An answer stored is given (a JSON caller has it before the run records its end): too late to cancel.
    const status = (await responseOfRun(deps.pool, askId)) ? 'COMPLETED' : await askRunState(deps.temporal, askId);
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
    // The owner's current list (read with the key): never served from a cache.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = modelMenu(project, ctx.state.menu);
  });

  return router;
}
