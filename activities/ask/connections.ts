import { chatProviderFor, embedderFor, type ProviderConnection } from '../../providers/registry.js';
import type { ChatProvider, Embedder } from '../../providers/types.js';
import type { AskPlan, ModelPlan } from '../../interface/ask.js';
import { FAILURE_TYPES } from '../../interface/failures.js';
import type { Pool } from '../../store/pool.js';
import { StepFailure } from '../failures.js';
import { providerConnection } from '../providerConnection.js';

export interface ConnectionDeps {
  pool: Pool;
  /** Decrypts provider keys. */
  masterKey: Buffer;
  /** Push streamed events to the api at once beside the durable log (PostgreSQL NOTIFY); default on. */
  liveEvents?: boolean;
}

/** The model's connection with its decrypted key: read when the step runs (unless this process holds it at the plan's version), never kept in the plan. */
async function connectionFor(deps: ConnectionDeps, projectId: string, model: ModelPlan): Promise<ProviderConnection> {
  const connection = await providerConnection(deps.pool, deps.masterKey, projectId, model.provider, model.connection);
  if (!connection) throw new StepFailure(`provider "${model.provider}" is no longer configured for this project`, FAILURE_TYPES.refused, false);
  return connection;
}

/**
 * Chat providers made on each connection this process holds: one cache for providers whose spans
 * carry message text, one for those whose spans do not. A provider holds its HTTP client (the
 * openai package's, whose making built every resource object again: ~0.25 ms of the worker's CPU
 * per ask). A connection saved since is read as a new object (activities/providerConnection.ts),
 * so it gets a new provider.
 */
const providers = { withContent: new WeakMap<ProviderConnection, ChatProvider>(), withoutContent: new WeakMap<ProviderConnection, ChatProvider>() };

/** The chat provider that runs the plan's model (its spans carry message text only if the project opted in). */
export async function chatProviderOf(deps: ConnectionDeps, plan: Pick<AskPlan, 'projectId' | 'model' | 'traceContent'>): Promise<ChatProvider> {
  const connection = await connectionFor(deps, plan.projectId, plan.model);
  const captureContent = plan.traceContent === true;
  const made = captureContent ? providers.withContent : providers.withoutContent;
  let provider = made.get(connection);
  if (!provider) made.set(connection, (provider = chatProviderFor(connection, undefined, { captureContent })));
  return provider;
}

/** The project's fixed embedder: chunks and questions always go through the same one. */
export async function embedderOf(deps: ConnectionDeps, projectId: string, model: ModelPlan): Promise<Embedder> {
  return embedderFor(await connectionFor(deps, projectId, model), model.name);
}
