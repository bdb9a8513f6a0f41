import { ApplicationFailure } from '@temporalio/activity';
import { chatProviderFor, parseModelId, type ModelRef } from '../providers/registry.js';
import type { ChatProvider } from '../providers/types.js';
import type { Pool } from '../store/pool.js';
import type { Project } from '../store/projects.js';
import { getProviderSecret } from '../store/providers.js';

/** The provider that runs the ask's model, with its connection's decrypted key. */
export async function chatProviderForAsk(pool: Pool, masterKey: Buffer, project: Project, modelId: string): Promise<{ ref: ModelRef; provider: ChatProvider }> {
  const ref = parseModelId(modelId);
  const connection = ref.provider === 'local' ? null : await getProviderSecret(pool, project.id, ref.provider, masterKey);
  if (ref.provider !== 'local' && !connection) {
    throw ApplicationFailure.nonRetryable(`provider "${ref.provider}" is no longer configured for this project`, 'refused');
  }
  return { ref, provider: chatProviderFor(ref, connection) };
}
