import Router from '@koa/router';
import { ASK_ID_HEADER, ChatCompletionRequestSchema } from '@askflow/contract';
import { responseOfRun } from '../../store/turns.js';
import { activeSpan } from '../../tracing/spans.js';
import type { AskCount } from '../ask/askCount.js';
import type { AskRunner } from '../ask/askRunner.js';
import { prepareIntake } from '../ask/prepareAsk.js';
import { modelMenu } from '../ask/resolveModel.js';
import { apiKeyAuth } from '../middleware/apiKey.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { rateLimit } from '../middleware/rateLimit.js';
import type { ServiceDeps } from '../routes/service.js';
import { ApiError } from '../errors.js';
import type { State, StateContext } from '../state.js';
import { validate } from '../validate.js';
import { askFromChat } from './askFromChat.js';
import { BEARER_KEY } from './bearerKey.js';
import { openChunkStream } from './chunkStream.js';
import { chatCompletionOf } from './completion.js';
import { DOOR_PREFIX } from './errors.js';
import { modelList } from './models.js';

/**
 * The OpenAI-compatible door: `POST /v1/chat/completions` and `GET /v1/models`, so any tool that
 * speaks OpenAI can use a project. A thin adapter: the key (as a Bearer token), the limits, the
 * checks, the run and its stream are those of `/service/ask`; only the wire shapes differ.
 * A conversation is longer than one ask, so bodies may be up to 1 MB (the history sent is cut
 * to the project's history token budget before the run starts).
 */
export function openaiRoutes(deps: ServiceDeps, runner: AskRunner): Router {
  const router = new Router<State<'apiKey' | 'project' | 'menu'>>({ prefix: DOOR_PREFIX });
  router.use(apiKeyAuth(deps.pool, deps.throttles.invalidKeys, BEARER_KEY), rateLimit(deps.pool, deps.rateLimits));

  router.post('/chat/completions', jsonBody('1mb'), async (ctx) => {
    const receivedAt = Date.now();
    ctx.state.timing.mark('body');
    const chat = askFromChat(validate(ChatCompletionRequestSchema, ctx.request.body), ctx.state.project);
    const prepared = await prepareIntake(ctx, deps, { req: chat.req, stream: chat.stream, receivedAt, ...(chat.history ? { history: chat.history } : {}) });
    const { workflowId, replay, input } = prepared;
    // Set once the ask is known to exist, so a refusal carries no id of an ask that never ran.
    const found = () => {
      ctx.set(ASK_ID_HEADER, workflowId);
      if (replay) ctx.set('Idempotent-Replayed', 'true');
    };
    // An idempotent retry of a finished ask answers from its stored turn, as on /service/ask.
    const stored = replay && !chat.stream ? await responseOfRun(deps.pool, workflowId) : null;
    if (stored) {
      found();
      ctx.body = chatCompletionOf(workflowId, stored);
      return;
    }
    const { handle, reader, pushed } = await runner.launch(prepared, chat.stream);
    ctx.state.timing.mark('start');
    found();
    const count: AskCount = { input, firstDelta: false, span: activeSpan() };
    if (reader) {
      const sink = openChunkStream(ctx, { askId: workflowId, model: input.model, includeUsage: chat.includeUsage, keepAliveMs: deps.sseKeepAliveMs });
      return runner.stream(sink, workflowId, -1, reader, replay ? undefined : count);
    }
    ctx.body = chatCompletionOf(workflowId, await runner.answer(handle, count, pushed));
    ctx.state.timing.mark('result');
  });

  const currentList = (ctx: StateContext<'project' | 'menu'>) => {
    const { project, menu } = ctx.state;
    // The owner's current list (read with the key): never served from a cache.
    ctx.set('Cache-Control', 'no-store');
    return modelList(modelMenu(project, menu));
  };

  router.get('/models', async (ctx) => {
    ctx.body = currentList(ctx);
  });

  // One model of the list (SDKs encode the id, so `provider:model/with/slashes` is one segment).
  router.get('/models/:model', async (ctx) => {
    const found = currentList(ctx).data.find((m) => m.id === ctx.params.model);
    if (!found) throw new ApiError('MODEL_NOT_ALLOWED', `The model "${ctx.params.model}" is not on this project's model menu; GET /v1/models lists the ones it offers.`);
    ctx.body = found;
  });

  return router;
}
