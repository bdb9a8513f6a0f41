import { addLogContext } from '../../config/logContext.js';
import { randomUUID } from 'node:crypto';
import { AskRequestSchema, type AskRequest, type ThreadConcurrency } from '@askflow/contract';
import type { AskWorkflowInput, ChatTurn } from '../../interface/ask.js';
import type { Logger } from '../../config/logger.js';
import type { AuthenticatedKey } from '../../store/apiKeys.js';
import type { Pool } from '../../store/pool.js';
import { sealCredentials } from '../../store/secrets.js';
import type { Project } from '../../store/projects.js';
import { ApiError } from '../errors.js';
import { conversationWithin } from '../../interface/history.js';
import { jsonSchemas } from '../onDemand.js';
import type { StateContext } from '../state.js';
import { validate } from '../validate.js';
import { releaseIdempotencyKey } from '../../store/idempotency.js';
import { assertWithinBudget } from './budget.js';
import { announceBudgetExceeded } from './budgetWebhook.js';
import { webhookOutboxOf, type WebhookOutboxDeps } from '../webhookOutbox.js';
import { workflowIdFor } from './idempotency.js';
import { resolveModel } from './resolveModel.js';
import { resolveThread } from './resolveThread.js';

export interface PreparedAsk {
  workflowId: string;
  /** The Idempotency-Key was seen before with this body: join that run. */
  replay: boolean;
  input: AskWorkflowInput;
  /** Frees the Idempotency-Key when the ask is refused after this (a retry may then run it). */
  release(): Promise<void>;
  /** The project's thread policy: what the ask does when its thread is busy. */
  threadConcurrency: ThreadConcurrency;
}

/** A key works only for its own project; any other tenant id is refused like a bad key. */
export function projectForKey(ctx: StateContext<'project'>, tenantId: string | undefined): Project {
  if (!tenantId) throw new ApiError('ValidationError', 'Missing tenant id (X-Tenant-Id header)');
  const { project } = ctx.state;
  if (tenantId !== project.id) throw new ApiError('Unauthorized', 'This API key does not belong to the given tenant');
  return project;
}

/**
 * An ask as a door hands it over: the body already validated and its tenant checked. `history`:
 * the conversation so far as the caller sent it (the OpenAI-compatible door), instead of the
 * thread's stored turns.
 */
export interface AskIntake {
  req: AskRequest;
  stream: boolean;
  /** Unix ms when the request arrived; latency is measured from here. */
  receivedAt: number;
  history?: ChatTurn[];
}

/** The outbox's deps: a refusal by a budget is announced to the project's webhooks (`budget.exceeded`). */
type PrepareDeps = { pool: Pool; log: Logger; masterKey: Buffer } & WebhookOutboxDeps;

/**
 * Everything that can refuse an ask, decided before anything is started: body, tenant, JSON
 * schema, model (selection rules), thread (resolution table) and idempotency. JSON and
 * streamed asks share it, so both refuse exactly the same requests the same way.
 */
export async function prepareAsk(ctx: StateContext<'apiKey' | 'project' | 'menu'>, deps: PrepareDeps, stream: boolean): Promise<PreparedAsk> {
  const receivedAt = Date.now();
  const req = validate(AskRequestSchema, ctx.request.body);
  projectForKey(ctx, req.tenantId);
  return prepareIntake(ctx, deps, { req, stream, receivedAt });
}

/**
 * The checks after the body's own shape, shared by every door (`/service/ask` and the
 * OpenAI-compatible `/v1/chat/completions`), so all refuse and start asks alike.
 */
export async function prepareIntake(ctx: StateContext<'apiKey' | 'project' | 'menu'>, deps: PrepareDeps, intake: AskIntake): Promise<PreparedAsk> {
  const { req, history } = intake;
  const key = ctx.state.apiKey;
  const { project } = ctx.state;
  if (req.jsonSchema !== undefined) {
    if (req.responseFormat !== 'json_object') throw new ApiError('ValidationError', 'jsonSchema goes with responseFormat "json_object"');
    const compiled = (await jsonSchemas()).compileJsonSchema(req.jsonSchema);
    if (!compiled.ok) throw new ApiError('ValidationError', `jsonSchema is not a valid JSON Schema: ${compiled.message}`);
  }
  const { timing } = ctx.state;
  timing.mark('validate');
  const model = resolveModel(project, ctx.state.menu, req);
  timing.mark('model');
  const threadId = await resolveThread(deps.pool, project.id, req, deps.log);
  timing.mark('thread');
  const idempotencyKey = ctx.get('Idempotency-Key') || undefined;
  // A retry must repeat the conversation too: the same ask after other history is another ask.
  const { workflowId, replay } = await workflowIdFor(deps.pool, project.id, idempotencyKey, history ? { ...req, history } : req);
  addLogContext({ askId: workflowId, ...(threadId ? { threadId } : {}) });
  timing.mark('idempotency');
  const release = async () => {
    if (idempotencyKey) await releaseIdempotencyKey(deps.pool, project.id, idempotencyKey, workflowId);
  };
  // A retry of an ask already under way is no new spending; a new ask must fit the budgets.
  if (!replay) {
    try {
      await assertWithinBudget(deps.pool, project, key, new Date(), announceBudgetExceeded(webhookOutboxOf(deps), deps.log, project.id, key));
    } catch (err) {
      await release();
      throw err;
    }
  }
  const conversation = history ? conversationWithin(history, project.historyTokenBudget) : undefined;
  return {
    workflowId,
    replay,
    release,
    threadConcurrency: project.threadConcurrency,
    input: {
      requestId: ctx.state.requestId,
      tenantId: project.id,
      threadId: threadId ?? randomUUID(),
      message: req.message,
      model,
      ...(req.model !== undefined ? { modelNamed: true } : {}),
      externalUserId: req.externalUserId ?? null,
      keyMode: key.mode,
      apiKeyId: key.keyId,
      receivedAt: intake.receivedAt,
      stream: intake.stream,
      ...optional('sealedCredentials', sealCredentials({ ...optional('authToken', req.authToken), ...optional('headers', req.headers), ...optional('toolHeaders', req.toolHeaders) }, deps.masterKey)),
      ...(req.responseFormat === 'json_object' ? { responseFormat: { type: 'json_object' as const, ...(req.jsonSchema ? { schema: req.jsonSchema } : {}) } } : {}),
      // Cut here already to the project's budget, so the run's input carries no more than the model may see.
      ...(conversation ? { history: conversation } : {}),
    },
  };
}

/** An ask id (its workflow id) of this key's project, or 404: ids embed their tenant. */
export function ownAskId(key: AuthenticatedKey, askId: string | undefined): string {
  if (!askId || !askId.startsWith(`ask-${key.projectId}-`)) throw new ApiError('NotFound', `Ask ${askId ?? ''} not found`);
  return askId;
}

/** `{[key]: value}` when value is defined, else `{}`: keeps absent fields absent. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
