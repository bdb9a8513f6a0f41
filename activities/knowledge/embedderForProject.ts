import { embedderFor } from '../../knowledge/embedders/registry.js';
import type { Embedder } from '../../knowledge/types.js';
import { parseModelId } from '../../providers/registry.js';
import type { Pool } from '../../store/pool.js';
import type { Project } from '../../store/projects.js';
import { getProviderSecret } from '../../store/providers.js';

/** The project's fixed embedder: chunks and questions always go through the same one. */
export async function embedderForProject(pool: Pool, masterKey: Buffer, project: Project): Promise<Embedder> {
  const { provider } = parseModelId(project.embeddingModel);
  const connection = provider === 'local' ? null : await getProviderSecret(pool, project.id, provider, masterKey);
  return embedderFor(project.embeddingModel, connection);
}
