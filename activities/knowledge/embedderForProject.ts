import { embedderFor, parseModelId } from '../../providers/registry.js';
import type { Embedder } from '../../providers/types.js';
import type { Pool } from '../../store/pool.js';
import type { Project } from '../../store/projects.js';
import { providerConnection } from '../providerConnection.js';

/** The project's fixed embedder: chunks and questions always go through the same one. */
export async function embedderForProject(pool: Pool, masterKey: Buffer, project: Project): Promise<Embedder> {
  const { provider, model } = parseModelId(project.embeddingModel);
  const connection = await providerConnection(pool, masterKey, project.id, provider);
  if (!connection) throw new Error(`no provider connection "${provider}" is configured for this project`);
  return embedderFor(connection, model);
}
