import type Router from '@koa/router';
import type { Client } from '@temporalio/client';
import { INGEST_BATCH_WORKFLOW_TYPE, ingestBatchWorkflowId, type IngestBatchWorkflow } from '../../interface/ingest.js';
import { createBatch, documentsBeingIngested, dropBatch, findDocumentsToUpdate, getBatchView, type BatchEntry } from '../../store/batches.js';
import { contentHash } from '../../store/documents.js';
import { ApiError } from '../errors.js';
import { readBatchInput } from '../knowledge/batchInput.js';
import { UUID } from '../uuid.js';
import type { Pool } from '../../store/pool.js';
import type { ProjectState } from './projectRouter.js';

export interface BatchDeps {
  pool: Pool;
  temporal: Client;
  taskQueue: string;
}

/**
 * Bulk ingestion: many documents in one request (JSON list and/or sitemap, files, a zip), one
 * workflow per batch. A file updates the project's document of the same name, a URL the one
 * with the same URL, so sending the same batch again does no work; everything else is new.
 */
export function knowledgeBatchRoutes(router: Router<ProjectState>, deps: BatchDeps): void {
  const { pool } = deps;

  router.post('/:id/knowledge/batches', async (ctx) => {
    const { project } = ctx.state;
    const input = await readBatchInput(ctx, project.allowedHosts);
    const { byName, byUrl } = await findDocumentsToUpdate(pool, project.id, input.files.map((f) => f.name), input.urls.map((u) => u.url));
    const busy = await documentsBeingIngested(pool, [...byName.values(), ...byUrl.values()]);
    if (busy.length) {
      throw new ApiError('Conflict', `${busy.length} of these documents are being ingested now (${busy.slice(0, 5).join(', ')}${busy.length > 5 ? ', …' : ''}): send the batch again once they are done`);
    }
    const entries: BatchEntry[] = [
      ...input.files.map((f): BatchEntry => {
        const existingId = byName.get(f.name);
        return existingId ? { existingId, content: f.content } : { existingId: null, name: f.name, kind: f.kind, sourceUrl: null, content: f.content, contentHash: contentHash(f.content) };
      }),
      ...input.urls.map((u): BatchEntry => {
        const existingId = byUrl.get(u.url);
        return existingId ? { existingId, content: null } : { existingId: null, name: u.name, kind: u.kind, sourceUrl: u.url, content: null, contentHash: null };
      }),
    ];
    const { batchId, documentIds } = await createBatch(pool, project.id, entries);
    try {
      await deps.temporal.workflow.start<IngestBatchWorkflow>(INGEST_BATCH_WORKFLOW_TYPE, {
        taskQueue: deps.taskQueue,
        workflowId: ingestBatchWorkflowId(batchId),
        args: [{ batchId, documents: entries.length }],
      });
    } catch (err) {
      // No run, no batch: what this request wrote goes again, and documents it would have updated keep their content.
      await dropBatch(pool, batchId, documentIds.filter((_, i) => entries[i]!.existingId === null));
      throw err;
    }
    ctx.status = 202;
    ctx.body = { ...(await getBatchView(pool, project.id, batchId))!, skipped: input.skipped };
  });

  router.get('/:id/knowledge/batches/:batchId', async (ctx) => {
    const { batchId } = ctx.params as { batchId: string };
    const view = UUID.test(batchId) ? await getBatchView(pool, ctx.state.project.id, batchId) : null;
    if (!view) throw new ApiError('NotFound', `Batch ${batchId} not found`);
    ctx.body = view;
  });
}
