import type { VectorIndex } from '../knowledge/types.js';
import { documentIds } from '../store/documents.js';
import type { Pool } from '../store/pool.js';
import { classifyIntent } from './classifyIntent.js';
import { generateAnswer } from './generateAnswer.js';
import { embedChunks, finishDocument, prepareDocument } from './knowledge/ingest.js';
import { retrieveChunks } from './knowledge/retrieveChunks.js';
import { persistTurn } from './persistTurn.js';
import { callTool, chooseTool } from './tools.js';

export interface ActivityDeps {
  pool: Pool;
  /** Decrypts provider keys. */
  masterKey: Buffer;
  /** Where chunk vectors live (exact, pgvector or Pinecone). */
  vectorIndex: VectorIndex;
}

/** The worker's activities, bound to their dependencies. Workflows import only this type. */
export function createActivities(deps: ActivityDeps) {
  return {
    classifyIntent: classifyIntent(deps.pool),
    retrieveChunks: retrieveChunks(deps),
    chooseTool: chooseTool(deps),
    callTool: callTool(deps),
    generateAnswer: generateAnswer(deps),
    persistTurn: persistTurn(deps.pool),
    prepareDocument: prepareDocument(deps),
    embedChunks: embedChunks(deps),
    finishDocument: finishDocument(deps),
    documentsOfProject: (projectId: string) => documentIds(deps.pool, projectId),
  };
}

export type Activities = ReturnType<typeof createActivities>;
export type { AskWorkflowInput, GeneratedAnswer, IntentDecision, ToolDecision } from './types.js';
export type { RetrievedPassage } from './knowledge/retrieveChunks.js';
