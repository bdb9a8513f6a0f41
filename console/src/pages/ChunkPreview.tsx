// The chunks a document was split into: what retrieval can actually find. Shown over the page,
// where the owner is looking, not at the bottom of a long list.
import { api } from '../api.js';
import type { DocumentChunks, DocumentView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Dialog } from '../components/Dialog.js';
import { Skeleton } from '../components/Skeleton.js';

export function ChunkPreview({ base, document, onClose }: { base: string; document: DocumentView; onClose: () => void }) {
  const { data, error } = useAsync(() => api<DocumentChunks>('GET', `${base}/${document.id}/chunks`), [base, document.id]);
  return (
    <Dialog title={`Chunks of ${document.name}`} onClose={onClose}>
      <ErrorMessage error={error} />
      {!data && !error && <Skeleton label="Loading chunks" />}
      {data && data.chunks.length === 0 && <p className="empty">No chunks yet (the document may still be ingesting).</p>}
      {data?.chunks.map((c) => (
        <article key={c.index} className="turn">
          <div className="meta">#{c.index} · {c.tokenCount} tokens{c.headings.length ? ` · ${c.headings.join(' › ')}` : ''}</div>
          <p className="prewrap">{c.text}</p>
        </article>
      ))}
    </Dialog>
  );
}
