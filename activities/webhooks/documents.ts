import { Context } from '@temporalio/activity';
import { announce, type WebhookOutbox } from '../../interface/webhookOutbox.js';
import { documentViews } from '../../store/documents.js';

/**
 * `document.ready` / `document.failed` for documents an ingestion has just finished. The subject
 * is the document in this workflow run: a retried finish announces nothing twice, a later
 * re-ingestion of the same document announces again.
 */
export async function announceDocuments(outbox: WebhookOutbox, documentIds: string[]): Promise<void> {
  if (!documentIds.length) return;
  const { info } = Context.current();
  const runId = info.workflowExecution?.runId ?? info.activityId;
  const byProject = new Map<string, Awaited<ReturnType<typeof documentViews>>>();
  for (const doc of await documentViews(outbox.pool, documentIds)) {
    if (doc.status !== 'ready' && doc.status !== 'failed') continue;
    byProject.set(doc.projectId, [...(byProject.get(doc.projectId) ?? []), doc]);
  }
  for (const [projectId, docs] of byProject) {
    for (const status of ['ready', 'failed'] as const) {
      const these = docs.filter((d) => d.status === status);
      if (!these.length) continue;
      await announce(
        outbox,
        projectId,
        `document.${status}`,
        these.map((d) => ({
          subjectId: `${d.id}:${runId}`,
          data: { documentId: d.id, name: d.name, kind: d.kind, sourceUrl: d.sourceUrl, title: d.title, chunks: d.chunksTotal, error: d.error },
        })),
      );
    }
  }
}
