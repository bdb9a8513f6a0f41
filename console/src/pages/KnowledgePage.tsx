// Knowledge: upload files, paste text or add URLs; progress bars while documents ingest.
import { useEffect, useState } from 'react';
import { api, messageOf } from '../api.js';
import type { DocumentList, DocumentView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { KnowledgeAddForms } from './KnowledgeAddForms.js';
import { ChunkPreview } from './ChunkPreview.js';

const busy = (d: DocumentView) => d.status === 'pending' || d.status === 'ingesting';

export function KnowledgePage({ projectId }: { projectId: string }) {
  const base = `/manage/projects/${projectId}/knowledge`;
  const { data, error, reload } = useAsync(() => api<DocumentList>('GET', base), [base]);
  const [actionError, setActionError] = useState<string | null>(null);
  const [preview, setPreview] = useState<DocumentView | null>(null);

  // Poll only while something is ingesting, so an idle page costs nothing.
  const ingesting = data?.documents.some(busy) ?? false;
  useEffect(() => {
    if (!ingesting) return;
    const timer = window.setInterval(reload, 1000);
    return () => window.clearInterval(timer);
  }, [ingesting, reload]);

  const remove = async (d: DocumentView) => {
    if (!window.confirm(`Delete ${d.name}? Its chunks and vectors go with it.`)) return;
    try { await api('DELETE', `${base}/${d.id}`); if (preview?.id === d.id) setPreview(null); reload(); } catch (err) { setActionError(messageOf(err)); }
  };
  const reindex = async (d: DocumentView) => {
    try { await api('POST', `${base}/${d.id}/reindex`); reload(); } catch (err) { setActionError(messageOf(err)); }
  };

  return (
    <>
      <KnowledgeAddForms base={base} onAdded={reload} />
      <section>
        <h2>Documents</h2>
        <ErrorMessage error={error ?? actionError} />
        {data && data.documents.length === 0 && <p className="empty">No documents yet. Upload a file or add a URL above; switch RAG on in Settings to answer from them.</p>}
        {data && data.documents.length > 0 && (
          <table>
            <thead><tr><th>Name</th><th>Status</th><th>Progress</th><th>Actions</th></tr></thead>
            <tbody>{data.documents.map((d) => (
              <tr key={d.id}>
                <td>{d.title ?? d.name}<div className="meta">{d.kind}{d.sourceUrl ? ` · ${d.sourceUrl}` : ''}</div></td>
                <td data-testid="doc-status">{d.status}{d.error && <div className="error">{d.error}</div>}</td>
                <td>
                  <progress aria-label={`Ingestion of ${d.name}`} max={d.chunksTotal ?? 1} value={d.status === 'ready' ? (d.chunksTotal ?? 1) : (d.chunksEmbedded ?? 0)} />
                  <span className="meta"> {d.chunksEmbedded ?? 0}/{d.chunksTotal ?? '?'} chunks</span>
                </td>
                <td>
                  <button type="button" onClick={() => setPreview(d)}>Preview chunks of {d.name}</button>{' '}
                  <button type="button" onClick={() => void reindex(d)}>Re-index {d.name}</button>{' '}
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
