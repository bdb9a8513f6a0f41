// Markdown documents put straight into a project's chunks and vectors — parse, chunk, embed,
// index, as the ingestion workflow's steps do, without the workflow — for tests of ranking.
import { chunkDocument, chunkSearchText } from '../../knowledge/chunk.js';
import { parseDocument } from '../../knowledge/parse.js';
import { retrieve, type FusionParams, type RetrievedChunk } from '../../knowledge/retrieve.js';
import { MentionIndex } from '../../knowledge/mentions.js';
import { linkTargets } from '../../knowledge/linkTargets.js';
import { ExactVectorIndex } from '../../knowledge/vectors/exact.js';
import { LocalLexicalEmbedder } from '../../providers/kinds/local/embeddings.js';
import { replaceChunks } from '../../store/chunks.js';
import { createDocument, updateDocument } from '../../store/documents.js';
import type { Pool } from '../../store/pool.js';
import { createProject } from '../../store/projects.js';

export async function ingestMarkdown(
  deps: { pool: Pool; index: ExactVectorIndex; embedder: LocalLexicalEmbedder },
  projectId: string,
  docs: readonly { name: string; text: string }[],
  chunking: { chunkTokens: number; overlapTokens: number },
  /** Markdown unless told; either keeps its links to other pages, with the sentences they sit in. */
  kind: 'markdown' | 'html' = 'markdown',
): Promise<void> {
  const { pool, index, embedder } = deps;
  for (const { name, text } of docs) {
    const doc = await createDocument(pool, { projectId, name, kind, sourceUrl: null, content: Buffer.from(text), contentHash: null });
    const parsed = await parseDocument(kind, Buffer.from(text), name);
    // The title the ingestion workflow stores: retrieval's title list reads it.
    await updateDocument(pool, doc.id, { title: parsed.title });
    const chunks = chunkDocument(parsed, chunking);
    const ids = await replaceChunks(pool, projectId, doc.id, chunks, linkTargets(parsed.links ?? [], doc));
    const vectors = await embedder.embed(chunks.map(chunkSearchText));
    await index.upsert(projectId, ids.map((chunkId, i) => ({ chunkId, documentId: doc.id, vector: vectors[i]! })));
  }
}

/**
 * A new project holding `docs` (60-token chunks, no overlap), and the top 5 of its BM25-only
 * retrieval for `question` under some fusion settings: for tests that compare what is found with
 * one part of the fusion on and off.
 */
export async function lexicalRetrieval(
  pool: Pool,
  name: string,
  docs: readonly { name: string; text: string }[],
  question: string,
  kind: 'markdown' | 'html' = 'markdown',
): Promise<(fusion: Partial<FusionParams>) => Promise<RetrievedChunk[]>> {
  const embedder = new LocalLexicalEmbedder();
  const index = new ExactVectorIndex({ sql: pool });
  const mentions = new MentionIndex({ sql: pool });
  const project = await createProject(pool, name);
  await ingestMarkdown({ pool, index, embedder }, project.id, docs, { chunkTokens: 60, overlapTokens: 0 }, kind);
  return (fusion) => retrieve({ pool, index, embedder, mentions }, project.id, question, { topK: 5, minScore: 0, mode: 'lexical', fusion });
}

/** As lexicalRetrieval, the documents of the top 5 in order. */
export async function lexicalRanking(...args: Parameters<typeof lexicalRetrieval>): Promise<(fusion: Partial<FusionParams>) => Promise<string[]>> {
  const found = await lexicalRetrieval(...args);
  return async (fusion) => (await found(fusion)).map((c) => c.document);
}
