// The body of a parse thread (see parseBounded.ts): one document from its bytes to its chunks.
import { chunkDocument } from './chunk.js';
import { parseDocument } from './parse.js';
import type { ParseTask, ParsedChunks } from './types.js';

export default async function parseInThread(task: ParseTask): Promise<ParsedChunks> {
  const parsed = await parseDocument(task.kind, task.content, task.name);
  return { title: parsed.title, chunks: chunkDocument(parsed, task.chunking), links: parsed.links ?? [] };
}
