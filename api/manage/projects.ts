import Router from '@koa/router';
import { ProjectCreateSchema, ProjectPatchSchema, type ProjectPatch } from '@askflow/contract';
import { createProject, deleteProject, listProjects, setMenu, updateProject, type Project } from '../../store/projects.js';
import { projectRunIds } from '../../store/erase.js';
import { listProviders } from '../../store/providers.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { ownerAuth } from '../middleware/ownerAuth.js';
import type { State } from '../state.js';
import { validate } from '../validate.js';
import { deleteRuns, runIdsOf } from './eraseRuns.js';
import type { KnowledgeDeps } from './knowledge.js';
import { assertEmbeddingModelAvailable, assertModelsAvailable } from './modelChecks.js';
import { projectRouter, type ProjectState } from './projectRouter.js';
import { projectView } from './projectView.js';
import { startReindex } from './reindex.js';

/** Applies settings after checking that every model they name can run on this project; returns the project as it now is. */
async function applySettings(deps: KnowledgeDeps, project: Project, patch: ProjectPatch): Promise<Project> {
  const { models, ...columns } = patch;
  const providers = await listProviders(deps.pool, project.id);
  assertModelsAvailable([columns.chatModel, columns.voiceModel, ...(models ?? []), ...(columns.fallbackModels ?? [])], providers);
  if (columns.embeddingModel !== undefined) assertEmbeddingModelAvailable(columns.embeddingModel, providers);
  const updated = await updateProject(deps.pool, project.id, columns);
  if (models !== undefined) await setMenu(deps.pool, project.id, [...new Set(models)]);
  // Embeddings are fixed per project: a new model means every document is embedded again.
  if (columns.embeddingModel !== undefined && columns.embeddingModel !== project.embeddingModel) await startReindex(deps, project.id);
  return updated;
}

/** The owner's projects: list and create. */
export function projectListRoutes(deps: KnowledgeDeps): Router<State<'owner'>> {
  const { pool } = deps;
  const router = new Router<State<'owner'>>({ prefix: '/manage/projects' });
  router.use(ownerAuth(pool));

  router.get('/', async (ctx) => {
    const projects = await listProjects(pool, ctx.state.owner.id);
    ctx.body = { projects: await Promise.all(projects.map((p) => projectView(pool, p))) };
  });

  router.post('/', jsonBody(), async (ctx) => {
    const { name, ...settings } = validate(ProjectCreateSchema, ctx.request.body);
    // Checked before the project exists, so a bad setting creates nothing.
    assertModelsAvailable([settings.chatModel, settings.voiceModel, ...(settings.models ?? []), ...(settings.fallbackModels ?? [])], []);
    if (settings.embeddingModel !== undefined) assertEmbeddingModelAvailable(settings.embeddingModel, []);
    const project = await createProject(pool, name, ctx.state.owner.id);
    ctx.status = 201;
    ctx.body = await projectView(pool, await applySettings(deps, project, settings));
  });

  return router;
}

/** One project: read, change its settings, delete it. */
export function projectRoutes(deps: KnowledgeDeps & { temporalNamespace: string }): Router<ProjectState> {
  const { pool } = deps;
  const router = projectRouter(pool);

  router.get('/:id', async (ctx) => {
    ctx.body = await projectView(pool, ctx.state.project);
  });

  router.patch('/:id', jsonBody(), async (ctx) => {
    const patch = validate(ProjectPatchSchema, ctx.request.body);
    ctx.body = await projectView(pool, await applySettings(deps, ctx.state.project, patch));
  });

  router.delete('/:id', async (ctx) => {
    const { project } = ctx.state;
    // Vectors may live outside PostgreSQL (pgvector's table has no foreign key, Pinecone none at all),
    // and the histories of its asks and ingestions in Temporal; the rows go last.
    await deps.vectorIndex.deleteProject(project.id);
    await deleteRuns(deps.temporal, deps.temporalNamespace, await runIdsOf(deps.temporal, { tenantId: project.id }, await projectRunIds(pool, project.id)));
    await deleteProject(pool, project.id);
    ctx.status = 204;
  });

  return router;
}
