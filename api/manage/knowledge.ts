import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy } from '@temporalio/common';
import { KnowledgeUploadSchema } from '@askflow/contract';
import type { Context } from 'koa';
import { detectKind } from '../../knowledge/parse.js';
import type { VectorIndex } from '../../knowledge/types.js';
import { contentHash, createDocument, deleteDocumentRow, getDocumentView, listDocuments } from '../../store/documents.js';
import type { Pool } from '../../store/pool.js';
import type { ingestDocumentWorkflow } from '../../workflows/ingest.js';
import { ApiError } from '../errors.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { ownerAuth } from '../middleware/ownerAuth.js';
import { validate } from '../validate.js';
import { ownedProject, UUID } from './ownedProject.js';

export interface KnowledgeDeps {
  pool: Pool;
  temporal: Client;
  taskQueue: string;
  vectorIndex: VectorIndex;
}

/** Starts (or joins) the document's ingestion workflow; progress is on the document row. */
export async function startIngestion(deps: KnowledgeDeps, documentId: string, force: boolean): Promise<void> {
  await deps.temporal.workflow.start<typeof ingestDocumentWorkflow>('ingestDocumentWorkflow', {
    taskQueue: deps.taskQueue,
    workflowId: `ingest-${documentId}`,
    args: [documentId, force],
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
  });
}

/** Knowledge sources of a project: upload or add by URL, list, preview, re-index, delete. */
export function knowledgeRoutes(deps: KnowledgeDeps): Router {
  const { pool } = deps;
  const router = new Router({ prefix: '/manage/projects/:id/knowledge' });
  router.use(ownerAuth(pool));

  async function ownedDocument(ctx: Context) {
    const project = await ownedProject(pool, ctx);
    const docId = ctx.params.docId!;
    const doc = UUID.test(docId) ? await getDocumentView(pool, project.id, docId) : null;
    if (!doc) throw new ApiError('NotFound', `Document ${docId} not found`);
    return { project, doc };
  }

  router.get('/', async (ctx) => {
    ctx.body = { documents: await listDocuments(pool, (await ownedProject(pool, ctx)).id) };
  });

  // Uploads travel as JSON (text, or base64 for PDFs), so scripts and the console use one route.
  router.post('/', jsonBody('30mb'), async (ctx) => {
    const project = await ownedProject(pool, ctx);
    const upload = validate(KnowledgeUploadSchema, ctx.request.body);
    let doc;
    if ('url' in upload) {
      const name = upload.name ?? (new URL(upload.url).pathname.split('/').filter(Boolean).pop() || new URL(upload.url).hostname);
      const kind = upload.kind ?? detectKind(name) ?? 'html';
      doc = await createDocument(pool, { projectId: project.id, name, kind, sourceUrl: upload.url, content: null, contentHash: null });
    } else {
      const kind = upload.kind ?? detectKind(upload.name);
      if (!kind) throw new ApiError('ValidationError', `Cannot tell the kind of "${upload.name}": send kind (text, markdown, html or pdf)`);
      const content = upload.text !== undefined ? Buffer.from(upload.text, 'utf8') : Buffer.from(upload.base64!, 'base64');
      doc = await createDocument(pool, { projectId: project.id, name: upload.name, kind, sourceUrl: null, content, contentHash: contentHash(content) });
    }
    await startIngestion(deps, doc.id, false);
    ctx.status = 202;
    ctx.body = doc;
  });

  router.get('/:docId', async (ctx) => {
    ctx.body = (await ownedDocument(ctx)).doc;
  });

  router.get('/:docId/chunks', async (ctx) => {
    const { doc } = await ownedDocument(ctx);
    const { rows } = await pool.query(
      `SELECT chunk_index AS "index", headings, text, token_count AS "tokenCount" FROM chunks WHERE document_id = $1 ORDER BY chunk_index LIMIT 500`,
      [doc.id],
    );
    ctx.body = { documentId: doc.id, chunks: rows };
  });

  router.post('/:docId/reindex', async (ctx) => {
    const { project, doc } = await ownedDocument(ctx);
    await startIngestion(deps, doc.id, true);
    ctx.status = 202;
    ctx.body = await getDocumentView(pool, project.id, doc.id);
  });

  // Every chunk and every vector of the document go with it.
  router.delete('/:docId', async (ctx) => {
    const { project, doc } = await ownedDocument(ctx);
    await deps.vectorIndex.deleteDocument(project.id, doc.id);
    await deleteDocumentRow(pool, doc.id);
    ctx.status = 204;
  });

  return router;
}
