import { ApplicationFailure } from '@temporalio/activity';
import { ProviderError } from '../providers/errors.js';
import type { ContextPassage } from '../providers/types.js';
import type { Pool } from '../store/pool.js';
import { getProject } from '../store/projects.js';
import { chatProviderForAsk } from './chatProviderForAsk.js';
import { DeltaPublisher } from './deltaPublisher.js';
import { withHeartbeat } from './heartbeat.js';
import { historyWithin } from './history.js';
import type { AskWorkflowInput, GeneratedAnswer } from './types.js';

export interface GenerateDeps {
  pool: Pool;
  masterKey: Buffer;
}

/**
 * A provider failure as Temporal should treat it: rate limits, 5xx and timeouts are retried
 * (after the provider's Retry-After when it gave one); refusals and unusable output are not.
 */
function asFailure(err: unknown): unknown {
  if (!(err instanceof ProviderError)) return err;
  return ApplicationFailure.create({
    message: err.message,
    type: err.kind,
    nonRetryable: !err.retryable,
    ...(err.retryAfterMs !== undefined ? { nextRetryDelay: err.retryAfterMs } : {}),
  });
}

export function generateAnswer({ pool, masterKey }: GenerateDeps) {
  return async function generateAnswer(input: AskWorkflowInput, context: ContextPassage[] = []): Promise<GeneratedAnswer> {
    const project = await getProject(pool, input.tenantId);
    if (!project) throw ApplicationFailure.nonRetryable(`project ${input.tenantId} no longer exists`, 'refused');
    const { ref, provider } = await chatProviderForAsk(pool, masterKey, project, input.model);
    const request = {
      model: ref.model,
      system: project.systemPrompt,
      history: await historyWithin(pool, input.threadId, project.historyTokenBudget),
      message: input.message,
      context,
      temperature: project.temperature,
      ...(input.responseFormat ? { responseFormat: input.responseFormat } : {}),
    };
    const publisher = input.stream ? new DeltaPublisher() : null;
    try {
      const result = await withHeartbeat(() => provider.generate(request, publisher?.delta));
      await publisher?.close();
      return { answer: result.text, usage: result.usage, model: ref.id };
    } catch (err) {
      await publisher?.close().catch(() => undefined);
      throw asFailure(err);
    }
  };
}
