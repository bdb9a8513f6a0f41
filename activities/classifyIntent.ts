import type { Pool } from '../store/pool.js';
import { hasReadyDocuments } from '../store/documents.js';
import { getProject } from '../store/projects.js';
import type { AskWorkflowInput, IntentDecision } from './types.js';

/**
 * Decides which paths the ask may take. Retrieval applies when RAG is on and the project has
 * indexed knowledge; whether the question needs that knowledge is decided by retrieval itself
 * (chunks above the project's relevance threshold, or none → `vanilla`).
 */
export function classifyIntent(pool: Pool) {
  return async function classifyIntent(input: AskWorkflowInput): Promise<IntentDecision> {
    const project = await getProject(pool, input.tenantId);
    if (!project) throw new Error(`project ${input.tenantId} no longer exists`);
    return { retrieve: project.ragEnabled && (await hasReadyDocuments(pool, project.id)) };
  };
}
