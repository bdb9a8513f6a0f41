import { retrieve } from '../../knowledge/retrieve.js';
import type { VectorIndex } from '../../knowledge/types.js';
import type { Pool } from '../../store/pool.js';
import { getProject } from '../../store/projects.js';
import { embedderForProject } from './embedderForProject.js';

export interface RetrievedPassage {
  chunkId: string;
  documentId: string;
  document: string;
  chunkIndex: number;
  text: string;
  headings: string[];
  score: number;
}

/** The project's chunks that answer the question, best first (none when nothing is relevant). */
export function retrieveChunks(deps: { pool: Pool; masterKey: Buffer; vectorIndex: VectorIndex }) {
  return async function retrieveChunks(projectId: string, question: string): Promise<RetrievedPassage[]> {
    const project = await getProject(deps.pool, projectId);
    if (!project) return [];
    const embedder = await embedderForProject(deps.pool, deps.masterKey, project);
    const found = await retrieve({ pool: deps.pool, index: deps.vectorIndex, embedder }, projectId, question, {
      topK: project.ragTopK,
      minScore: project.ragMinScore,
      mode: 'hybrid',
    });
    return found.map((c) => ({ chunkId: c.id, documentId: c.documentId, document: c.document, chunkIndex: c.chunkIndex, text: c.text, headings: c.headings, score: c.score }));
  };
}
