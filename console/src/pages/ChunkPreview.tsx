// The chunks a document was split into: what retrieval can actually find.
import { api } from '../api.js';
import type { DocumentChunks, DocumentView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

export function ChunkPreview({ base, document, onClose }: { base: string; document: DocumentView; onClose: () => void }) {
  const { data, error } = useAsync(() => api<DocumentChunks>('GET', `${base}/${document.id}/chunks`), [base, document.id]);
  return (
    <section aria-label={`Chunks of ${document.name}`}>
      <h2>Chunks of {document.name}</h2>
      <button type="button" onClick={onClose}>Close preview</button>
      <ErrorMessage error={error} />
      {data && data.chunks.length === 0 && <p className="empty">No chunks yet (the document may still be ingesting).</p>}
      {data?.chunks.map((c) => (
        <article key={c.index} className="turn">
          <div className="meta">#{c.index} · {c.tokenCount} tokens{c.headings.length ? ` · ${c.headings.join(' › ')}` : ''}</div>
          <p style={{ whiteSpace: 'pre-wrap' }}>{c.text}</p>
        </article>
      ))}
    </section>
  );
}
