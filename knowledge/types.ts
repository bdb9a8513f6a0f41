import type { Chunk } from '../store/chunks.js';
import type { SourceKind } from '../store/documents.js';

/** A document as parsed: its sections in reading order, each under its heading path. */
export interface ParsedDocument {
  title: string;
  sections: { headings: string[]; text: string; definitions?: DefinitionSpan[]; code?: TextSpan[] }[];
  /** Links to other pages with the sentence each sits in (HTML and Markdown: parsers/htmlLinks.ts, parsers/markdownLinks.ts). */
  links?: PageLink[];
}

/** A link as the page has it: its address as written, and the sentence it sits in. */
export interface PageLink {
  href: string;
  context: string;
}

/**
 * A definition in a section's text as the page's markup sets it (an HTML `<dd>`): its term, where
 * its term starts (its first character), and [start, end) of what defines it, nested lists' definitions inside their
 * outer one's. Given only by a parser that reads such markup; chunking reads the text otherwise.
 */
export interface DefinitionSpan {
  term: string;
  termStart: number;
  start: number;
  end: number;
}

/**
 * [start, end) of a section's text that the page's markup sets as preformatted (an HTML `<pre>`):
 * code, a command's synopsis, an example's output. Given only by a parser that reads such markup.
 */
export interface TextSpan {
  start: number;
  end: number;
}

export interface ChunkingOptions {
  /** Target chunk size in tokens (o200k). */
  chunkTokens: number;
  /** Tokens repeated from the end of one chunk at the start of the next. */
  overlapTokens: number;
}

/** One document for the parse thread (parseBounded.ts): its bytes, what they are, how to chunk them. */
export interface ParseTask {
  kind: SourceKind;
  name: string;
  content: Uint8Array;
  chunking: ChunkingOptions;
}

/** What the parse thread gives back. */
export interface ParsedChunks {
  title: string;
  chunks: Chunk[];
  links: PageLink[];
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
