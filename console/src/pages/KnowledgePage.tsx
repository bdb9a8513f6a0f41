// Knowledge: upload files, paste text or add URLs; progress bars while documents ingest.
import { useEffect, useState } from 'react';
import { api } from '../api.js';
import type { DocumentList, DocumentView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useAction } from '../useAction.js';
import { useProject } from '../projectContext.js';
import { progressChanged } from '../progress.js';
import { RAG_SWITCHED_ON, ragOnForFirstDocument } from '../knowledgeDefaults.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';
import { KnowledgeAddForms } from './KnowledgeAddForms.js';
import { ChunkPreview } from './ChunkPreview.js';

const busy = (d: DocumentView) => d.status === 'pending' || d.status === 'ingesting';

export function KnowledgePage() {
  const { project, reload: reloadProject } = useProject();
  const base = `/manage/projects/${project.id}/knowledge`;
  const { data, error, reload } = useAsync(() => api<DocumentList>('GET', base), [base]);
  const action = useAction();
  const [preview, setPreview] = useState<DocumentView | null>(null);
  const [note, setNote] = useState<string | null>(null);

  // Poll only while something is ingesting, so an idle page costs nothing.
  const ingesting = data?.documents.some(busy) ?? false;
  useEffect(() => {
    if (!ingesting) return;
    const timer = window.setInterval(reload, 1000);
    return () => window.clearInterval(timer);
  }, [ingesting, reload]);

  const added = async () => {
    reload();
    progressChanged();
    if (await action.run(() => ragOnForFirstDocument(project, data?.documents.length ?? 0))) {
      setNote(RAG_SWITCHED_ON);
      reloadProject();
    }
  };
  const remove = async (d: DocumentView) => {
    if (!window.confirm(`Delete ${d.name}? Its chunks and vectors go with it.`)) return;
    if (await action.run(async () => { await api('DELETE', `${base}/${d.id}`); return true; })) {
      if (preview?.id === d.id) setPreview(null);
      reload();
      progressChanged();
    }
  };
  const reindex = async (d: DocumentView) => {
    if (await action.run(async () => { await api('POST', `${base}/${d.id}/reindex`); return true; })) reload();
  };

  return (
    <>
      {note && <p className="notice" role="status" data-testid="rag-note">{note}</p>}
      {!project.ragEnabled && (data?.documents.length ?? 0) > 0 && (
        <p className="notice warn" role="status">RAG is off: answers do not use these documents. Switch it on in <a href={`#/projects/${project.id}/settings`}>Settings</a>.</p>
      )}
      <KnowledgeAddForms base={base} onAdded={() => void added()} />
      <section>
        <h2>Documents</h2>
        <ErrorMessage error={error ?? action.error} />
        {!data && !error && <Skeleton label="Loading documents" />}
        {data && data.documents.length === 0 && <p className="empty">No documents yet. Upload a file or add a URL above; answers use them as soon as they are ready.</p>}
        {data && data.documents.length > 0 && (
          <table className="stack">
            <thead><tr><th>Name</th><th>Status</th><th>Progress</th><th>Actions</th></tr></thead>
            <tbody>{data.documents.map((d) => (
              <tr key={d.id}>
                <td data-label="Name"><span className="wrap-anywhere">{d.title ?? d.name}</span><div className="meta">{d.kind}{d.sourceUrl && <> · <code>{d.sourceUrl}</code></>}</div></td>
                <td data-label="Status" data-testid="doc-status">{d.status}{d.error && <div className="error">{d.error}</div>}</td>
                <td data-label="Progress">
                  <progress aria-label={`Ingestion of ${d.name}`} max={d.chunksTotal ?? 1} value={d.status === 'ready' ? (d.chunksTotal ?? 1) : (d.chunksEmbedded ?? 0)} />
                  <span className="meta"> {d.chunksEmbedded ?? 0}/{d.chunksTotal ?? '?'} chunks</span>
                </td>
                <td data-label="Actions" className="actions">
                  <button type="button" onClick={() => setPreview(d)}>Preview chunks of {d.name}</button>
                  <button type="button" onClick={() => void reindex(d)}>Re-index {d.name}</button>
                  <button type="button" onClick={() => void remove(d)}>Delete {d.name}</button>
                </td>
              </tr>
            ))}</tbody>
          </table>
        )}
      </section>
      {preview && <ChunkPreview base={base} document={preview} onClose={() => setPreview(null)} />}
    </>
  );
}
