// Parsing and chunking a document off the worker's event loop, bounded in time and memory.
// A parser given a hostile or pathological document can run for minutes or exhaust the heap
// (marked on a few MB of ever deeper indented list lines: 1 MB took 6.5 s, 9 MB ran the heap out
// at 4 GB after a minute), and a PDF of 10 MB takes seconds of CPU. On the worker's own thread that
// stalls every ask it is serving and can take the process down; in a thread of a pool it costs
// one document, which fails with the reason, while the asks go on.
import { Piscina } from 'piscina';
import type { ParsedChunks, ParseTask } from './types.js';

/**
 * Longest one document may take to parse and chunk, once its turn in the thread has come: a
 * 10 MB PDF takes seconds here, a hostile page forever. Under the single-document ingestion
 * step's 2 minutes (workflows/ingest.ts), with room for its fetch (20 s) and writes, so the
 * document fails with this reason rather than the step timing out and being retried.
 */
export const PARSE_TIMEOUT_MS = 90_000;

/** Heap one parse thread may use: ten times the largest document accepted (10 MB), then it is stopped. */
const PARSE_HEAP_MB = 512;

let pool: Piscina<ParseTask, ParsedChunks> | undefined;
/** The task ahead of the next one: tasks go to the thread one at a time, so each one's deadline counts its own parsing, not a queue. */
let ahead: Promise<unknown> = Promise.resolve();

/**
 * One thread (ingestion is not the worker's main work, and the host's other core runs the
 * asks), started on first use and stopped after a minute idle, so a worker that never ingests
 * holds none of the parsers' memory. One, not one per core: each may grow to PARSE_HEAP_MB,
 * and the chart's worker pod is limited to 1.5 GiB (infra/k8s/askflow/values.yaml), whatever
 * the number of cores its node reports.
 */
function parsePool(): Piscina<ParseTask, ParsedChunks> {
  pool ??= new Piscina<ParseTask, ParsedChunks>({
    filename: new URL('./parseThread.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
  });
  return pool;
}

/**
 * The document's title and chunks. Throws an error naming the bound when it takes longer than
 * PARSE_TIMEOUT_MS or more than PARSE_HEAP_MB of heap, and the parser's own error when it cannot
 * be read as `kind`. Run in this thread where there is no compiled thread script (tests that
 * import the TypeScript sources).
 */
export async function parseAndChunkBounded(task: ParseTask): Promise<ParsedChunks> {
  if (import.meta.url.endsWith('.ts')) return (await import('./parseThread.js')).default(task);
  const turn = ahead.then(() => parsePool().run(task, { signal: AbortSignal.timeout(PARSE_TIMEOUT_MS) }));
  ahead = turn.catch(() => undefined);
  try {
    return await turn;
  } catch (err) {
    const e = err as { name?: string; code?: string };
    if (e.name === 'AbortError' || e.name === 'TimeoutError') throw new Error(`parsing took longer than ${PARSE_TIMEOUT_MS / 1000} s`, { cause: err });
    if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new Error(`parsing needed more than ${PARSE_HEAP_MB} MB`, { cause: err });
    throw err;
  }
}

/** Stops the parse thread, if one runs (the worker's shutdown). */
export async function closeParsePool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.close({ force: true });
}
