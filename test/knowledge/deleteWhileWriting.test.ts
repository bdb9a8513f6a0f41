// Deleting a document while its chunks or vectors are being written. The delete takes the
// document's row, then its chunks (the cascade); a writer that took a chunk first and then waited
// for the document closed a cycle, and PostgreSQL broke it by failing one side: a
// `DELETE …/knowledge/:docId` answered 500 ("deadlock detected") in the route fuzzer. Deleting the
// project cascades the same way. Here the delete is made to hold its row first, as it does when it
// wins that race, and the writer is started against it: the delete must commit, and the writer
// find its document gone.
import type pg from 'pg';
import { ExactVectorIndex } from '../../knowledge/vectors/exact.js';
import { replaceChunks } from '../../store/chunks.js';
import { createBatch, writePrepared } from '../../store/batches.js';
import { createDocument, deleteDocumentRow } from '../../store/documents.js';
import { inTransaction } from '../../store/pool.js';
import { createProject } from '../../store/projects.js';
import { closeDb, db } from '../stack/context.js';

afterAll(closeDb);

const CHUNKS = 40;

async function documentWithChunks(): Promise<{ projectId: string; documentId: string; chunkIds: string[] }> {
  const pool = db();
  const { id: projectId } = await createProject(pool, 'delete while writing');
  const { id: documentId } = await createDocument(pool, { projectId, name: 'notes.md', kind: 'text', sourceUrl: null, content: null, contentHash: null });
  const chunkIds = await replaceChunks(pool, projectId, documentId, chunksOf('first'));
  return { projectId, documentId, chunkIds };
}

function chunksOf(word: string) {
  return Array.from({ length: CHUNKS }, (_, i) => ({ index: i, text: `${word} chunk ${i} of the notes`, headings: [], tokenCount: 6 }));
}

type Parent = 'documents' | 'projects';

/** Resolves once another session is waiting for a lock `holder` holds. */
async function waitingFor(holder: pg.PoolClient): Promise<void> {
  const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  for (let i = 0; i < 500; i++) {
    const { rows: waiting } = await db().query(`SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, [rows[0]!.pid]);
    if (waiting.length) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('nobody waited for the lock held');
}

/**
 * Deletes `id` from `parent` in a transaction that takes its row first, as `DELETE` does before its
 * cascade, and starts `write` while holding it; once the writer waits, the delete goes on (its
 * cascade reaches the chunks). Returns the delete's error (null once it committed) and the write.
 */
async function deleteAgainst<T>(parent: Parent, id: string, write: () => Promise<T>): Promise<{ deleted: unknown; writing: Promise<T> }> {
  let writing!: Promise<T>;
  const deleted = await settled(
    inTransaction(db(), async (tx) => {
      await tx.query(`SELECT 1 FROM ${parent} WHERE id = $1 FOR UPDATE`, [id]);
      writing = write();
      await waitingFor(tx);
      await tx.query(`DELETE FROM ${parent} WHERE id = $1`, [id]);
    }),
  );
  return { deleted, writing };
}

const code = (err: unknown) => (err as { code?: string } | null)?.code ?? null;
const settled = (p: Promise<unknown>) => p.then(() => null, (err: unknown) => err);

/** Each writer of a document's chunks and vectors, as ingestion runs it. */
const WRITERS = {
  'its vectors are written': ({ projectId, documentId, chunkIds }: Written) =>
    new ExactVectorIndex({ sql: db() }).upsert(projectId, chunkIds.map((chunkId) => ({ chunkId, documentId, vector: [1, 0, 0, 0] }))),
  'its chunks are replaced (a reindex)': ({ projectId, documentId }: Written) => replaceChunks(db(), projectId, documentId, chunksOf('second')),
};
type Written = Awaited<ReturnType<typeof documentWithChunks>>;

describe.each([
  ['a document', 'documents' as const, (w: Written) => w.documentId],
  ['a project', 'projects' as const, (w: Written) => w.projectId],
])('deleting %s', (_, parent, idOf) => {
  test.each(Object.entries(WRITERS))('while %s: the delete commits, the writer finds its document gone', async (_, write) => {
    const written = await documentWithChunks();
    const { deleted, writing } = await deleteAgainst(parent, idOf(written), () => settled(write(written)));
    expect(code(deleted)).toBeNull();
    // PostgreSQL's foreign_key_violation: what ingestion reads as "deleted while the step ran".
    expect(code(await writing)).toBe('23503');
    const { rows } = await db().query(
      `SELECT (SELECT count(*) FROM chunks WHERE document_id = $1)::int + (SELECT count(*) FROM chunk_vectors WHERE document_id = $1)::int AS n`,
      [written.documentId],
    );
    expect(rows[0].n).toBe(0);
  });

  test('while a batch writes its group: the delete commits, the batch writes nothing of it', async () => {
    const written = await documentWithChunks();
    const { batchId } = await createBatch(db(), written.projectId, [{ existingId: written.documentId, content: null }]);
    const { deleted, writing } = await deleteAgainst(parent, idOf(written), () =>
      writePrepared(db(), written.projectId, batchId, {
        contents: [], unchanged: [], failed: [],
        prepared: [{ documentId: written.documentId, title: 'notes', indexKey: 'k', chunks: chunksOf('batch'), links: [] }],
      }),
    );
    expect(code(deleted)).toBeNull();
    expect([...(await writing)]).toEqual([]);
    const { rows } = await db().query(`SELECT count(*)::int AS n FROM chunks WHERE document_id = $1`, [written.documentId]);
    expect(rows[0].n).toBe(0);
  });
});

test('a document nobody deletes is written as before', async () => {
  const { projectId, documentId } = await documentWithChunks();
  const ids = await replaceChunks(db(), projectId, documentId, chunksOf('second'));
  const index = new ExactVectorIndex({ sql: db() });
  await index.upsert(projectId, ids.map((chunkId, i) => ({ chunkId, documentId, vector: [1, i, 0, 0] })));
  const found = await index.query(projectId, [1, 0, 0, 0], 3);
  expect(found.map((m) => m.chunkId)).toEqual(ids.slice(0, 3));
});

test('a delete that still loses a race to a writer taking rows the other way round is run again, not failed', async () => {
  const { documentId } = await documentWithChunks();
  // A writer of some other kind: a chunk of the document first, then the document.
  let deleting!: Promise<unknown>;
  await inTransaction(db(), async (writer) => {
    await writer.query(`SELECT 1 FROM chunks WHERE document_id = $1 FOR KEY SHARE`, [documentId]);
    deleting = settled(deleteDocumentRow(db(), documentId));
    await waitingFor(writer);
    // The delete has waited longest, so its deadlock check runs first and fails it (40P01).
    await new Promise((r) => setTimeout(r, 200));
    await writer.query(`SELECT 1 FROM documents WHERE id = $1 FOR KEY SHARE`, [documentId]);
  });
  expect(code(await deleting)).toBeNull();
  const { rows } = await db().query(`SELECT count(*)::int AS n FROM documents WHERE id = $1`, [documentId]);
  expect(rows[0].n).toBe(0);
});
