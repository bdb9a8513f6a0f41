// The three ways to add knowledge: files, pasted text, a page URL.
import { useState, type FormEvent } from 'react';
import type { KnowledgeUpload } from '@askflow/contract/browser';
import { api } from '../api.js';
import { useAction } from '../useAction.js';
import { useUnsavedChanges } from '../router.js';
import { ACCEPTED_FILES, fileBody } from '../knowledgeUpload.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

export function KnowledgeAddForms({ base, onAdded }: { base: string; onAdded: () => void }) {
  const action = useAction();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  useUnsavedChanges(Boolean(text.trim() || files.length), 'a document not yet added');

  const run = async (e: FormEvent, send: () => Promise<void>) => {
    e.preventDefault();
    if (await action.run(async () => { await send(); return true; })) onAdded();
  };

  return (
    <section>
      <h2>Add knowledge</h2>
      <ErrorMessage error={action.error} />
      <form onSubmit={(e) => void run(e, async () => {
        for (const f of files) await api('POST', base, await fileBody(f));
        setFiles([]);
        (e.target as HTMLFormElement).reset();
      })}>
        <label><span>Files (text, Markdown, HTML, PDF)</span><input type="file" multiple accept={ACCEPTED_FILES} onChange={(e) => { setFiles([...(e.target.files ?? [])]); action.clearError(); }} /></label>
        <button type="submit" disabled={files.length === 0 || action.busy}>Upload</button>
      </form>
      <form onSubmit={(e) => void run(e, async () => { await api('POST', base, { name, text } satisfies KnowledgeUpload); setName(''); setText(''); })}>
        <label><span>Document name</span><input type="text" required placeholder="returns.md" value={name} onChange={(e) => { setName(e.target.value); action.clearError(); }} /></label>
        <label><span>Document text</span><textarea rows={4} required value={text} onChange={(e) => { setText(e.target.value); action.clearError(); }} /></label>
        <button type="submit" disabled={action.busy}>Add text</button>
      </form>
      <form onSubmit={(e) => void run(e, async () => { await api('POST', base, { url } satisfies KnowledgeUpload); setUrl(''); })}>
        <label><span>Page URL</span><input type="url" required value={url} onChange={(e) => { setUrl(e.target.value); action.clearError(); }} /></label>
        <button type="submit" disabled={action.busy}>Add URL</button>
      </form>
    </section>
  );
}
