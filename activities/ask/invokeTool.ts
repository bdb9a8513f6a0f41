import { Context } from '@temporalio/activity';
import type { AskPlan, AskWorkflowInput } from '../../interface/ask.js';
import { toolCalls, toolRetries } from '../../metrics/askMetrics.js';
import { FAILURE_TYPES } from '../../interface/failures.js';
import { urlPolicyFromEnv } from '../../net/addressGuard.js';
import { sendToolCall } from '../../net/toolCall.js';
import { openCredentials } from '../../store/secrets.js';
import { signingSecrets } from '../../store/signingSecrets.js';
import { StepFailure } from '../failures.js';
import type { ConnectionDeps } from './connections.js';
import { withHeartbeat } from '../heartbeat.js';

/**
 * One signed attempt at calling a tool of the plan. Temporal retries it (each attempt signed
 * afresh with the same request id) on network errors, timeouts, 5xx and 429 (after its
 * Retry-After); other 4xx and refused addresses fail at once.
 */
export function invokeTool({ pool, masterKey }: ConnectionDeps) {
  return async function invokeTool(plan: AskPlan, input: AskWorkflowInput, name: string, args: Record<string, unknown>): Promise<string> {
    const tool = plan.tools.find((t) => t.name === name);
    if (!tool) throw new StepFailure(`tool "${name}" is not one of this ask's tools`, FAILURE_TYPES.toolFailed, false);
    const secrets = await signingSecrets(pool, plan.projectId, masterKey);
    const credentials = openCredentials(input.sealedCredentials, masterKey);
    const outcome = await withHeartbeat(() =>
      sendToolCall(
        {
          tool,
          arguments: args,
          tenantId: plan.projectId,
          requestId: input.requestId,
          authToken: credentials.authToken,
          headers: credentials.headers,
          toolHeaders: credentials.toolHeaders,
          secrets: [secrets.current, ...(secrets.previous ? [secrets.previous.secret] : [])],
        },
        // The allowlist as the ask's plan read it, with the rest of the project's settings.
        urlPolicyFromEnv(process.env, plan.allowedHosts ?? []),
      ),
    );
    const attempt = Context.current().info.attempt;
    if (attempt > 1) toolRetries.inc({ tool: name });
    toolCalls.inc({ tool: name, outcome: outcome.kind === 'ok' ? 'ok' : outcome.kind === 'fail' ? 'failed' : 'retryable' });
    if (outcome.kind === 'ok') return outcome.body;
    if (outcome.kind === 'fail') throw new StepFailure(`${name}: ${outcome.reason}`, FAILURE_TYPES.toolFailed, false);
    throw new StepFailure(`${name}: ${outcome.reason}`, FAILURE_TYPES.toolUnavailable, true, outcome.retryAfterMs);
  };
}
