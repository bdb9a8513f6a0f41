import type { Pool } from '../store/pool.js';
import { getProject } from '../store/projects.js';
import type { AskWorkflowInput, IntentDecision } from './types.js';

/**
 * Decides how the ask is answered. With neither RAG nor Tools switched on for the project, the
 * only possible intent is `vanilla`; retrieval and tool routing add their branches here.
 */
export function classifyIntent(pool: Pool) {
  return async function classifyIntent(input: AskWorkflowInput): Promise<IntentDecision> {
    const project = await getProject(pool, input.tenantId);
    if (!project) throw new Error(`project ${input.tenantId} no longer exists`);
    return { intent: 'vanilla' };
  };
}
