/** A document as parsed: its sections in reading order, each under its heading path. */
export interface ParsedDocument {
  title: string;
  sections: { headings: string[]; text: string }[];
}

export type SourceKind = 'text' | 'markdown' | 'html' | 'pdf';

/** One retrievable piece of a document. */
export interface Chunk {
  /** 0-based position within the document. */
  index: number;
  text: string;
  /** Headings the chunk sits under, outermost first (e.g. ["Billing", "Refunds"]). */
  headings: string[];
  tokenCount: number;
}

export interface ChunkingOptions {
  /** Target chunk size in tokens (o200k). */
  chunkTokens: number;
  /** Tokens repeated from the end of one chunk at the start of the next. */
  overlapTokens: number;
}

/** Turns texts into vectors. Fixed per project: every chunk and every query use the same one. */
export interface Embedder {
  /** `<provider>:<model>`, e.g. `local:lexical-256` or `openai:text-embedding-3-small`. */
  readonly id: string;
  readonly dimensions: number;
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<number[][]>;
}

export interface VectorRecord {
  chunkId: string;
  documentId: string;
  vector: number[];
}

export interface VectorMatch {
  chunkId: string;
  /** Cosine similarity, -1..1, higher is closer. */
  score: number;
}

/**
 * Where chunk vectors live. Every call is scoped to one project (tenant): a query never sees
 * another project's vectors.
 */
export interface VectorIndex {
  readonly kind: 'exact' | 'pgvector' | 'pinecone';
  upsert(projectId: string, records: VectorRecord[]): Promise<void>;
  deleteDocument(projectId: string, documentId: string): Promise<void>;
  /** Every vector of the project (it is being deleted). */
  deleteProject(projectId: string): Promise<void>;
  query(projectId: string, vector: number[], topK: number): Promise<VectorMatch[]>;
}

/** The part of `pg.Pool` (and of PGlite) the SQL-backed indexes need. */
export interface SqlClient {
  query<R extends Record<string, unknown> = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}
