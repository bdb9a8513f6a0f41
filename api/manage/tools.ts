import Router from '@koa/router';
import { isReservedHeader, RotateSecretSchema, ToolInputSchema, type ToolInput } from '@askflow/contract';
import type { Context } from 'koa';
import { assertPublicUrl, BlockedAddressError, urlPolicyFromEnv } from '../../net/addressGuard.js';
import { sendToolCall } from '../../net/toolCall.js';
import { compileJsonSchema } from '../../providers/jsonOutput.js';
import type { Pool } from '../../store/pool.js';
import { rotateSigningSecret, signingSecrets, type SigningSecrets } from '../../store/signingSecrets.js';
import { createTool, deleteTool, getTool, listTools, updateTool } from '../../store/tools.js';
import { ApiError } from '../errors.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { ownerAuth } from '../middleware/ownerAuth.js';
import { validate } from '../validate.js';
import { ownedProject, UUID } from './ownedProject.js';

export interface ToolRouteDeps {
  pool: Pool;
  masterKey: Buffer;
}

/** A definition that can work: a valid argument schema, an allowed address, no reserved header on the allowlist. */
async function checkTool(input: ToolInput): Promise<void> {
  const schema = compileJsonSchema(input.parameters);
  if (!schema.ok) throw new ApiError('ValidationError', `parameters is not a valid JSON Schema: ${schema.message}`);
  if (input.parameters.type !== undefined && input.parameters.type !== 'object') throw new ApiError('ValidationError', 'parameters must describe an object');
  const reserved = input.forwardHeaders.filter(isReservedHeader);
  if (reserved.length) throw new ApiError('ValidationError', `forwardHeaders may not list reserved headers (${reserved.join(', ')}); send per-user secrets as toolHeaders`);
  try {
    await assertPublicUrl(input.url, urlPolicyFromEnv());
  } catch (err) {
    if (err instanceof BlockedAddressError) throw new ApiError('ValidationError', `url is not allowed: ${err.message}`);
    // An address that does not resolve yet is allowed; the call itself is checked again.
  }
}

const secretView = (s: SigningSecrets) => ({ secret: s.current, previous: s.previous ? { secret: s.previous.secret, expiresAt: s.previous.expiresAt.toISOString() } : null });

/** Tools of a project, their test calls, and the project's signing secret. */
export function toolRoutes({ pool, masterKey }: ToolRouteDeps): Router {
  const router = new Router({ prefix: '/manage/projects/:id' });
  router.use(ownerAuth(pool));

  async function ownedTool(ctx: Context) {
    const project = await ownedProject(pool, ctx);
    const toolId = ctx.params.toolId!;
    const tool = UUID.test(toolId) ? await getTool(pool, project.id, toolId) : null;
    if (!tool) throw new ApiError('NotFound', `Tool ${toolId} not found`);
    return { project, tool };
  }

  router.get('/tools', async (ctx) => {
    ctx.body = { tools: await listTools(pool, (await ownedProject(pool, ctx)).id) };
  });

  router.post('/tools', jsonBody(), async (ctx) => {
    const project = await ownedProject(pool, ctx);
    const input = validate(ToolInputSchema, ctx.request.body);
    await checkTool(input);
    const tool = await createTool(pool, project.id, input);
    if (!tool) throw new ApiError('Conflict', `A tool named "${input.name}" already exists in this project`);
    ctx.status = 201;
    ctx.body = tool;
  });

  router.get('/tools/:toolId', async (ctx) => {
    ctx.body = (await ownedTool(ctx)).tool;
  });

  router.put('/tools/:toolId', jsonBody(), async (ctx) => {
    const { project, tool } = await ownedTool(ctx);
    const input = validate(ToolInputSchema, ctx.request.body);
    await checkTool(input);
    const updated = await updateTool(pool, project.id, tool.id, input).catch((err: { code?: string }) => {
      if (err.code === '23505') throw new ApiError('Conflict', `A tool named "${input.name}" already exists in this project`);
      throw err;
    });
    ctx.body = updated;
  });

  router.delete('/tools/:toolId', async (ctx) => {
    const { project, tool } = await ownedTool(ctx);
    await deleteTool(pool, project.id, tool.id);
    ctx.status = 204;
  });

  // The console's "send test call": one signed call now, exactly as an ask would make it.
  router.post('/tools/:toolId/test', jsonBody('256kb', { optional: true }), async (ctx) => {
    const { project, tool } = await ownedTool(ctx);
    const args = ((ctx.request.body ?? {}) as { arguments?: Record<string, unknown> }).arguments ?? {};
    const secrets = await signingSecrets(pool, project.id, masterKey);
    const started = Date.now();
    const outcome = await sendToolCall(
      { tool, arguments: args, tenantId: project.id, requestId: `test-${ctx.state.requestId as string}`, secrets: [secrets.current, ...(secrets.previous ? [secrets.previous.secret] : [])] },
      urlPolicyFromEnv(),
    );
    ctx.body = {
      ok: outcome.kind === 'ok',
      ...(outcome.kind === 'ok' ? { status: outcome.status, body: outcome.body.slice(0, 10_000) } : { error: outcome.reason }),
      durationMs: Date.now() - started,
    };
  });

  router.get('/signing-secret', async (ctx) => {
    ctx.body = secretView(await signingSecrets(pool, (await ownedProject(pool, ctx)).id, masterKey));
  });

  router.post('/signing-secret/rotate', jsonBody('256kb', { optional: true }), async (ctx) => {
    const project = await ownedProject(pool, ctx);
    const { graceSeconds } = validate(RotateSecretSchema, ctx.request.body ?? {});
    ctx.body = secretView(await rotateSigningSecret(pool, project.id, masterKey, graceSeconds));
  });

  return router;
}
