import { retrieve } from '../../knowledge/retrieve.js';
import { retrievalDuration } from '../../metrics/askMetrics.js';
import type { VectorIndex } from '../../knowledge/types.js';
import type { LexicalIndex } from '../../knowledge/lexicalIndex/index.js';
import { MentionIndex } from '../../knowledge/mentions.js';
import type { AskPlan, RetrievedPassage } from '../../interface/ask.js';
import { embedderOf, type ConnectionDeps } from './connections.js';
import { ASKFLOW } from '../../tracing/attributes.js';
import { annotateActiveSpan } from '../../tracing/spans.js';

/** The project's chunks that answer the question, best first (none when nothing is relevant). */
export function searchKnowledge(deps: ConnectionDeps & { vectorIndex: VectorIndex; lexicalIndex?: LexicalIndex }) {
  // One per activity set, as the lexical index is one per worker: it caches what each project's pages say of one another.
  const mentions = new MentionIndex({ sql: deps.pool });
  return async function searchKnowledge(plan: AskPlan, question: string): Promise<RetrievedPassage[]> {
    if (!plan.knowledge) return [];
    const timer = retrievalDuration.startTimer();
    const embedder = await embedderOf(deps, plan.projectId, plan.knowledge.embeddingModel);
    const found = await retrieve({ pool: deps.pool, index: deps.vectorIndex, embedder, lexical: deps.lexicalIndex, mentions }, plan.projectId, question, {
      topK: plan.knowledge.topK,
      minScore: plan.knowledge.minScore,
      mode: 'hybrid',
    });
    timer();
    annotateActiveSpan({ [ASKFLOW.chunks]: found.length, 'askflow.retrieval.top_k': plan.knowledge.topK });
    return found.map((c) => ({ chunkId: c.id, documentId: c.documentId, document: c.document, chunkIndex: c.chunkIndex, text: c.text, headings: c.headings, score: c.score, ...(c.command ? { command: c.command } : {}) }));
  };
}
