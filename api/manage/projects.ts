import Router from '@koa/router';
import type { Context } from 'koa';
import { ApiKeyCreateSchema, PricesInputSchema, ProjectCreateSchema, ProjectPatchSchema, ProviderConnectionInputSchema, ProviderNameSchema, type ProjectPatch } from '@askflow/contract';
import { createApiKey, listApiKeys, revokeApiKey } from '../../store/apiKeys.js';
import type { Owner } from '../../store/owners.js';
import { replacePrices, listPrices } from '../../store/prices.js';
import { createProject, deleteProject, getMenu, getOwnedProject, listProjects, setMenu, updateProject, type Project } from '../../store/projects.js';
import { deleteProvider, listProviders, upsertProvider } from '../../store/providers.js';
import { findThread, listThreads } from '../../store/threads.js';
import { threadTurns } from '../../store/turns.js';
import { ApiError } from '../errors.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { ownerAuth } from '../middleware/ownerAuth.js';
import { validate } from '../validate.js';
import { startReindex } from './reindex.js';
import { assertEmbeddingModelAvailable, assertModelsAvailable } from './modelChecks.js';
import type { KnowledgeDeps } from './knowledge.js';
import { ownedProject, UUID } from './ownedProject.js';
import { projectView } from './projectView.js';

export interface ManageDeps extends KnowledgeDeps {
  masterKey: Buffer;
}

/** Applies settings after checking that every model they name can run on this project. */
async function applySettings(deps: ManageDeps, project: Project, patch: ProjectPatch): Promise<void> {
  const { models, ...columns } = patch;
  const providers = (await listProviders(deps.pool, project.id)).map((p) => p.name);
  assertModelsAvailable([columns.chatModel, columns.voiceModel, ...(models ?? [])], providers);
  if (columns.embeddingModel !== undefined) assertEmbeddingModelAvailable(columns.embeddingModel, providers);
  await updateProject(deps.pool, project.id, columns);
  if (models !== undefined) await setMenu(deps.pool, project.id, [...new Set(models)]);
  // Embeddings are fixed per project: a new model means every document is embedded again.
  if (columns.embeddingModel !== undefined && columns.embeddingModel !== project.embeddingModel) await startReindex(deps, project.id);
}

export function projectRoutes(deps: ManageDeps): Router {
  const { pool, masterKey } = deps;
  const router = new Router({ prefix: '/manage/projects' });
  router.use(ownerAuth(pool));

  const owned = (ctx: Context) => ownedProject(pool, ctx);

  router.get('/', async (ctx) => {
    const projects = await listProjects(pool, (ctx.state.owner as Owner).id);
    ctx.body = { projects: await Promise.all(projects.map((p) => projectView(pool, p))) };
  });

  router.post('/', jsonBody(), async (ctx) => {
    const { name, ...settings } = validate(ProjectCreateSchema, ctx.request.body);
    // Checked before the project exists, so a bad setting creates nothing.
    assertModelsAvailable([settings.chatModel, settings.voiceModel, ...(settings.models ?? [])], []);
    if (settings.embeddingModel !== undefined) assertEmbeddingModelAvailable(settings.embeddingModel, []);
    const project = await createProject(pool, name, (ctx.state.owner as Owner).id);
    await applySettings(deps, project, settings);
    ctx.status = 201;
    ctx.body = await projectView(pool, (await getOwnedProject(pool, project.ownerId!, project.id))!);
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await projectView(pool, await owned(ctx));
  });

  router.patch('/:id', jsonBody(), async (ctx) => {
    const project = await owned(ctx);
    await applySettings(deps, project, validate(ProjectPatchSchema, ctx.request.body));
    ctx.body = await projectView(pool, (await owned(ctx)));
  });

  router.delete('/:id', async (ctx) => {
    const project = await owned(ctx);
    // Vectors may live outside PostgreSQL (pgvector's table has no foreign key, Pinecone none at all).
    await deps.vectorIndex.deleteProject(project.id);
    await deleteProject(pool, project.id);
    ctx.status = 204;
  });

  router.get('/:id/keys', async (ctx) => {
    ctx.body = { keys: await listApiKeys(pool, (await owned(ctx)).id) };
  });

  router.post('/:id/keys', jsonBody(), async (ctx) => {
    const project = await owned(ctx);
    const { mode, name } = validate(ApiKeyCreateSchema, ctx.request.body);
    ctx.status = 201;
    // The only time the key itself is shown.
    ctx.body = await createApiKey(pool, project.id, mode, name ?? '');
  });

  router.delete('/:id/keys/:keyId', async (ctx) => {
    const project = await owned(ctx);
    const keyId = ctx.params.keyId!;
    if (!UUID.test(keyId) || !(await revokeApiKey(pool, project.id, keyId))) throw new ApiError('NotFound', `Active key ${keyId} not found`);
    ctx.status = 204;
  });

  router.get('/:id/providers', async (ctx) => {
    ctx.body = { providers: await listProviders(pool, (await owned(ctx)).id) };
  });

  router.put('/:id/providers/:name', jsonBody(), async (ctx) => {
    const project = await owned(ctx);
    const name = validate(ProviderNameSchema, ctx.params.name);
    const { baseUrl, apiKey } = validate(ProviderConnectionInputSchema, ctx.request.body);
    await upsertProvider(pool, project.id, name, baseUrl, apiKey, masterKey);
    ctx.body = { providers: await listProviders(pool, project.id) };
  });

  router.delete('/:id/providers/:name', async (ctx) => {
    const project = await owned(ctx);
    const name = ctx.params.name!;
    const inUse = [project.chatModel, project.voiceModel, ...(await getMenu(pool, project.id))].filter((id) => id?.startsWith(`${name}:`));
    if (inUse.length) throw new ApiError('Conflict', `Provider "${name}" is still used by ${inUse.join(', ')}; change those models first`);
    if (!(await deleteProvider(pool, project.id, name))) throw new ApiError('NotFound', `Provider "${name}" not found`);
    ctx.status = 204;
  });

  router.get('/:id/prices', async (ctx) => {
    ctx.body = { prices: await listPrices(pool, (await owned(ctx)).id) };
  });

  router.put('/:id/prices', jsonBody(), async (ctx) => {
    const project = await owned(ctx);
    const { prices } = validate(PricesInputSchema, ctx.request.body);
    await replacePrices(pool, project.id, prices);
    ctx.body = { prices: await listPrices(pool, project.id) };
  });

  router.get('/:id/threads', async (ctx) => {
    const project = await owned(ctx);
    const limit = Math.min(200, Math.max(1, Number(ctx.query.limit ?? 50) || 50));
    const before = typeof ctx.query.before === 'string' && !Number.isNaN(Date.parse(ctx.query.before)) ? new Date(ctx.query.before) : undefined;
    const search = typeof ctx.query.search === 'string' && ctx.query.search ? ctx.query.search : undefined;
    ctx.body = { threads: await listThreads(pool, project.id, { limit, ...(before ? { before } : {}), ...(search ? { search } : {}) }) };
  });

  router.get('/:id/threads/:threadId', async (ctx) => {
    const project = await owned(ctx);
    const threadId = ctx.params.threadId!;
    if (!UUID.test(threadId) || !(await findThread(pool, project.id, threadId))) throw new ApiError('NotFound', `Thread ${threadId} not found`);
    ctx.body = { threadId, turns: await threadTurns(pool, project.id, threadId) };
  });

  return router;
}
