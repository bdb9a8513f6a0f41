// Markdown documents put straight into a project's chunks and vectors — parse, chunk, embed,
// index, as the ingestion workflow's steps do, without the workflow — for tests of ranking.
import { chunkDocument, chunkSearchText } from '../../knowledge/chunk.js';
import { parseDocument } from '../../knowledge/parse.js';
import type { ExactVectorIndex } from '../../knowledge/vectors/exact.js';
import type { LocalLexicalEmbedder } from '../../providers/kinds/local/embeddings.js';
import { replaceChunks } from '../../store/chunks.js';
import { createDocument } from '../../store/documents.js';
import type { Pool } from '../../store/pool.js';

export async function ingestMarkdown(
  deps: { pool: Pool; index: ExactVectorIndex; embedder: LocalLexicalEmbedder },
  projectId: string,
  docs: readonly { name: string; text: string }[],
  chunking: { chunkTokens: number; overlapTokens: number },
): Promise<void> {
  const { pool, index, embedder } = deps;
  for (const { name, text } of docs) {
    const doc = await createDocument(pool, { projectId, name, kind: 'markdown', sourceUrl: null, content: Buffer.from(text), contentHash: null });
    const chunks = chunkDocument(await parseDocument('markdown', Buffer.from(text), name), chunking);
    const ids = await replaceChunks(pool, projectId, doc.id, chunks);
    const vectors = await embedder.embed(chunks.map(chunkSearchText));
    await index.upsert(projectId, ids.map((chunkId, i) => ({ chunkId, documentId: doc.id, vector: vectors[i]! })));
  }
}
