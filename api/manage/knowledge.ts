import type Router from '@koa/router';
import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy } from '@temporalio/common';
import { KnowledgeUploadSchema } from '@askflow/contract';
import { detectKind } from '../../knowledge/parse.js';
import type { VectorIndex } from '../../knowledge/types.js';
import { documentChunks } from '../../store/chunks.js';
import { contentHash, createDocument, deleteDocumentRow, getDocumentView, listDocuments } from '../../store/documents.js';
import type { Pool } from '../../store/pool.js';
import { INGEST_DOCUMENT_WORKFLOW_TYPE, type IngestDocumentWorkflow } from '../../interface/ingest.js';
import { ApiError } from '../errors.js';
import { assertAllowedHost } from '../knowledge/allowedHost.js';
import { jsonBody } from '../middleware/jsonBody.js';
import type { Loaded } from '../state.js';
import { validate } from '../validate.js';
import { knowledgeBatchRoutes } from './knowledgeBatches.js';
import { loadParam } from './loadParam.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

export interface KnowledgeDeps {
  pool: Pool;
  temporal: Client;
  taskQueue: string;
  vectorIndex: VectorIndex;
}

/** The chunk preview shows a document's first chunks, not all of a large one. */
const CHUNK_PREVIEW_LIMIT = 500;

/** Starts (or joins) the document's ingestion workflow; progress is on the document row. */
export async function startIngestion(deps: KnowledgeDeps, documentId: string, force: boolean): Promise<void> {
  await deps.temporal.workflow.start<IngestDocumentWorkflow>(INGEST_DOCUMENT_WORKFLOW_TYPE, {
    taskQueue: deps.taskQueue,
    workflowId: `ingest-${documentId}`,
    args: [documentId, force],
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
  });
}

/** Knowledge sources of a project: upload (one, or many in a batch) or add by URL, list, preview, re-index, delete. */
export function knowledgeRoutes(deps: KnowledgeDeps): Router<ProjectState> {
  const { pool } = deps;
  const router = projectRouter(pool);
  // Before the document routes: `batches` is no document id.
  knowledgeBatchRoutes(router, deps);
  router.param('docId', loadParam<ProjectState, 'document'>('document', 'Document', (s, id) => getDocumentView(pool, s.project.id, id)));

  router.get('/:id/knowledge', async (ctx) => {
    ctx.body = { documents: await listDocuments(pool, ctx.state.project.id) };
  });

  // Uploads travel as JSON (text, or base64 for PDFs), so scripts and the console use one route.
  router.post('/:id/knowledge', jsonBody('30mb'), async (ctx) => {
    const { project } = ctx.state;
    const upload = validate(KnowledgeUploadSchema, ctx.request.body);
    let doc;
    if ('url' in upload) {
      assertAllowedHost(project.allowedHosts, upload.url);
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

  router.get<Loaded<'document'>>('/:id/knowledge/:docId', (ctx) => {
    ctx.body = ctx.state.document;
  });

  router.get<Loaded<'document'>>('/:id/knowledge/:docId/chunks', async (ctx) => {
    const { document: doc } = ctx.state;
    ctx.body = { documentId: doc.id, chunks: await documentChunks(pool, doc.id, CHUNK_PREVIEW_LIMIT) };
  });

  router.post<Loaded<'document'>>('/:id/knowledge/:docId/reindex', async (ctx) => {
    const { project, document: doc } = ctx.state;
    await startIngestion(deps, doc.id, true);
    ctx.status = 202;
    // Read again: the ingestion just started may already have moved the document's status on.
    ctx.body = await getDocumentView(pool, project.id, doc.id);
  });

  // Every chunk and every vector of the document go with it.
  router.delete<Loaded<'document'>>('/:id/knowledge/:docId', async (ctx) => {
    const { project, document: doc } = ctx.state;
    await deps.vectorIndex.deleteDocument(project.id, doc.id);
    await deleteDocumentRow(pool, doc.id);
    ctx.status = 204;
  });

  return router;
}
