import { ApplicationFailure } from '@temporalio/activity';
import { urlPolicyFromEnv } from '../net/addressGuard.js';
import { sendToolCall } from '../net/toolCall.js';
import { ProviderError } from '../providers/errors.js';
import type { Pool } from '../store/pool.js';
import { getProject } from '../store/projects.js';
import { signingSecrets } from '../store/signingSecrets.js';
import { findToolByName, listTools } from '../store/tools.js';
import { openCredentials } from './callerCredentials.js';
import { chatProviderForAsk } from './chatProviderForAsk.js';
import { withHeartbeat } from './heartbeat.js';
import type { AskWorkflowInput, ToolDecision } from './types.js';

export interface ToolDeps {
  pool: Pool;
  masterKey: Buffer;
}

/** Lets the ask's model choose one of the project's tools (function calling, or `local`'s matching). */
export function chooseTool({ pool, masterKey }: ToolDeps) {
  return async function chooseTool(input: AskWorkflowInput): Promise<ToolDecision> {
    const project = (await getProject(pool, input.tenantId))!;
    const tools = await listTools(pool, project.id);
    const { ref, provider } = await chatProviderForAsk(pool, masterKey, project, input.model);
    try {
      return await withHeartbeat(() =>
        provider.chooseTool(
          { model: ref.model, system: project.systemPrompt, history: [], message: input.message, context: [], temperature: project.temperature },
          tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
        ),
      );
    } catch (err) {
      if (err instanceof ProviderError) throw ApplicationFailure.create({ message: err.message, type: err.kind, nonRetryable: !err.retryable });
      throw err;
    }
  };
}

/**
 * One signed attempt at calling the tool. Temporal retries it (each attempt signed afresh with
 * the same request id) on network errors, timeouts, 5xx and 429 (after its Retry-After); other
 * 4xx and refused addresses fail at once.
 */
export function callTool({ pool, masterKey }: ToolDeps) {
  return async function callTool(input: AskWorkflowInput, name: string, args: Record<string, unknown>): Promise<string> {
    const tool = await findToolByName(pool, input.tenantId, name);
    if (!tool) throw ApplicationFailure.nonRetryable(`tool "${name}" no longer exists`, 'tool_failed');
    const secrets = await signingSecrets(pool, input.tenantId, masterKey);
    const credentials = openCredentials(input.sealedCredentials, masterKey);
    const outcome = await withHeartbeat(() =>
      sendToolCall(
        {
          tool,
          arguments: args,
          tenantId: input.tenantId,
          requestId: input.requestId,
          authToken: credentials.authToken,
          headers: credentials.headers,
          toolHeaders: credentials.toolHeaders,
          secrets: [secrets.current, ...(secrets.previous ? [secrets.previous.secret] : [])],
        },
        urlPolicyFromEnv(),
      ),
    );
    if (outcome.kind === 'ok') return outcome.body;
    if (outcome.kind === 'fail') throw ApplicationFailure.nonRetryable(`${name}: ${outcome.reason}`, 'tool_failed');
    throw ApplicationFailure.create({ message: `${name}: ${outcome.reason}`, type: 'tool_unavailable', ...(outcome.retryAfterMs !== undefined ? { nextRetryDelay: outcome.retryAfterMs } : {}) });
  };
}
