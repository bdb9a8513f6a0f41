import { createHash } from 'node:crypto';
import { parseAndChunkBounded } from '../../knowledge/parseBounded.js';
import { linkTargets } from '../../knowledge/linkTargets.js';
import { fetchBounded } from '../../net/fetchBounded.js';
import { urlPolicyFromEnv } from '../../net/addressGuard.js';
import type { Chunk, DocumentLink } from '../../store/chunks.js';
import { contentHash, type SourceKind } from '../../store/documents.js';
import type { Project } from '../../store/projects.js';
import { FAILURE_TYPES } from '../../interface/failures.js';
import { StepFailure } from '../failures.js';

/** The steps one document goes through, whether it is ingested alone or in a batch. */

const MAX_FETCH_BYTES = 20 * 1024 * 1024;

/** The bytes at a document's URL, through the private-address guard; any failure is final for the document. */
export async function fetchSource(url: string, allowedHosts: readonly string[]): Promise<Buffer> {
  try {
    const fetched = await fetchBounded(url, { policy: urlPolicyFromEnv(process.env, allowedHosts), timeoutMs: 20_000, maxBytes: MAX_FETCH_BYTES });
    if (fetched.status >= 400) throw new StepFailure(`fetching ${url} answered HTTP ${fetched.status}`, FAILURE_TYPES.fetchFailed, false);
    return Buffer.from(fetched.body);
  } catch (err) {
    if (err instanceof StepFailure) throw err;
    throw new StepFailure(`could not fetch ${url}: ${(err as Error).message}`, FAILURE_TYPES.fetchFailed, false);
  }
}

/** What a document is indexed as: its content with the project's chunking and embedding model. Same key, no work. */
export function indexKeyOf(content: Uint8Array, project: Project): string {
  return createHash('sha256').update(`${contentHash(content)}|${project.chunkTokens}|${project.chunkOverlap}|${project.embeddingModel}`).digest('hex');
}

/** Parses and chunks a document with the project's chunk settings, in the parse thread (bounded in time and memory). */
export async function parseAndChunk(doc: { kind: SourceKind; name: string; sourceUrl: string | null }, content: Buffer, project: Project): Promise<{ title: string; chunks: Chunk[]; links: DocumentLink[] }> {
  try {
    const chunking = { chunkTokens: project.chunkTokens, overlapTokens: Math.min(project.chunkOverlap, Math.floor(project.chunkTokens / 2) - 1) };
    const { title, chunks, links } = await parseAndChunkBounded({ kind: doc.kind, name: doc.name, content, chunking });
    return { title, chunks, links: linkTargets(links, doc) };
  } catch (err) {
    throw new StepFailure(`could not read ${doc.name} as ${doc.kind}: ${(err as Error).message}`, FAILURE_TYPES.unparseable, false);
  }
}
