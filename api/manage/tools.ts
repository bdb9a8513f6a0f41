import type Router from '@koa/router';
import { isReservedHeader, ToolInputSchema, type ToolInput } from '@askflow/contract';
import { assertPublicUrl, BlockedAddressError, urlPolicyFromEnv } from '../../net/addressGuard.js';
import { sendToolCall } from '../../net/toolCall.js';
import type { Pool } from '../../store/pool.js';
import { signingSecrets } from '../../store/signingSecrets.js';
import { jsonSchemas } from '../onDemand.js';
import { createTool, deleteTool, getTool, listTools, updateTool } from '../../store/tools.js';
import { ApiError } from '../errors.js';
import { jsonBody } from '../middleware/jsonBody.js';
import type { Loaded } from '../state.js';
import { validate } from '../validate.js';
import { loadParam } from './loadParam.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

export interface ToolRouteDeps {
  pool: Pool;
  masterKey: Buffer;
}

/** A definition that can work: a valid argument schema, an allowed address, no reserved header on the allowlist. */
async function checkTool(input: ToolInput, allowedHosts: readonly string[]): Promise<void> {
  const schema = (await jsonSchemas()).compileJsonSchema(input.parameters);
  if (!schema.ok) throw new ApiError('ValidationError', `parameters is not a valid JSON Schema: ${schema.message}`);
  if (input.parameters.type !== undefined && input.parameters.type !== 'object') throw new ApiError('ValidationError', 'parameters must describe an object');
  const reserved = input.forwardHeaders.filter(isReservedHeader);
  if (reserved.length) throw new ApiError('ValidationError', `forwardHeaders may not list reserved headers (${reserved.join(', ')}); send per-user secrets as toolHeaders`);
  try {
    await assertPublicUrl(input.url, urlPolicyFromEnv(process.env, allowedHosts));
  } catch (err) {
    if (err instanceof BlockedAddressError) throw new ApiError('ValidationError', `url is not allowed: ${err.message}`);
    // An address that does not resolve yet is allowed; the call itself is checked again.
  }
}

/** Tools of a project and their test calls. */
export function toolRoutes({ pool, masterKey }: ToolRouteDeps): Router<ProjectState> {
  const router = projectRouter(pool);
  router.param('toolId', loadParam<ProjectState, 'tool'>('tool', 'Tool', (s, id) => getTool(pool, s.project.id, id)));

  router.get('/:id/tools', async (ctx) => {
    ctx.body = { tools: await listTools(pool, ctx.state.project.id) };
  });

  router.post('/:id/tools', jsonBody(), async (ctx) => {
    const { project } = ctx.state;
    const input = validate(ToolInputSchema, ctx.request.body);
    await checkTool(input, project.allowedHosts);
    const tool = await createTool(pool, project.id, input);
    if (!tool) throw new ApiError('Conflict', `A tool named "${input.name}" already exists in this project`);
    ctx.status = 201;
    ctx.body = tool;
  });

  router.get<Loaded<'tool'>>('/:id/tools/:toolId', (ctx) => {
    ctx.body = ctx.state.tool;
  });

  router.put<Loaded<'tool'>>('/:id/tools/:toolId', jsonBody(), async (ctx) => {
    const { project, tool } = ctx.state;
    const input = validate(ToolInputSchema, ctx.request.body);
    await checkTool(input, project.allowedHosts);
    const updated = await updateTool(pool, project.id, tool.id, input).catch((err: { code?: string }) => {
      if (err.code === '23505') throw new ApiError('Conflict', `A tool named "${input.name}" already exists in this project`);
      throw err;
    });
    ctx.body = updated;
  });

  router.delete<Loaded<'tool'>>('/:id/tools/:toolId', async (ctx) => {
    const { project, tool } = ctx.state;
    await deleteTool(pool, project.id, tool.id);
    ctx.status = 204;
  });

  // The console's "send test call": one signed call now, exactly as an ask would make it.
  router.post<Loaded<'tool'>>('/:id/tools/:toolId/test', jsonBody('256kb', { optional: true }), async (ctx) => {
    const { project, tool } = ctx.state;
    const args = ((ctx.request.body ?? {}) as { arguments?: Record<string, unknown> }).arguments ?? {};
    const secrets = await signingSecrets(pool, project.id, masterKey);
    const started = Date.now();
    const outcome = await sendToolCall(
      { tool, arguments: args, tenantId: project.id, requestId: `test-${ctx.state.requestId}`, secrets: [secrets.current, ...(secrets.previous ? [secrets.previous.secret] : [])] },
      urlPolicyFromEnv(process.env, project.allowedHosts),
    );
    ctx.body = {
      ok: outcome.kind === 'ok',
      ...(outcome.kind === 'ok' ? { status: outcome.status, body: outcome.body.slice(0, 10_000) } : { error: outcome.reason }),
      durationMs: Date.now() - started,
    };
  });

  return router;
}
