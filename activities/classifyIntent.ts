import type { Pool } from '../store/pool.js';
import { hasReadyDocuments } from '../store/documents.js';
import { getProject } from '../store/projects.js';
import { listTools } from '../store/tools.js';
import type { AskWorkflowInput, IntentDecision } from './types.js';

/**
 * Decides which paths the ask may take: retrieval when RAG is on and the project has indexed
 * knowledge; a tool when Tools are on and the project has tools. Whether the question needs
 * them is decided by retrieval (chunks above the relevance threshold) and by the model's tool
 * choice; the final intent (`vanilla`, `rag`, `tools`, `rag_tools`) follows from what they find.
 */
export function classifyIntent(pool: Pool) {
  return async function classifyIntent(input: AskWorkflowInput): Promise<IntentDecision> {
    const project = await getProject(pool, input.tenantId);
    if (!project) throw new Error(`project ${input.tenantId} no longer exists`);
    const [retrieve, tools] = await Promise.all([
      project.ragEnabled ? hasReadyDocuments(pool, project.id) : false,
      project.toolsEnabled ? listTools(pool, project.id).then((t) => t.length > 0) : false,
    ]);
    return { retrieve, tools };
  };
}
