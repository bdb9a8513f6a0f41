import type { StoredChunk } from '../store/chunks.js';

/** A chunk as retrieval ranks it: the stored chunk with its fused score. */
export interface RetrievedChunk extends StoredChunk {
  /** Fused reciprocal-rank score (higher is better). */
  score: number;
  /** Cosine similarity from the vector search, when it found the chunk. */
  similarity: number | null;
  /** The command its page documents, as its synopsis types it, when that differs from how the page is named (knowledge/pageCommand.ts). */
  command?: string;
}
