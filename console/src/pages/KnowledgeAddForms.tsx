// The three ways to add knowledge. Text-like files are sent as text; anything else (PDF) as
// base64, because the API parses binary formats itself.
import { useState, type FormEvent } from 'react';
import type { KnowledgeUpload } from '@askflow/contract/browser';
import { api, messageOf } from '../api.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

const textLike = /\.(md|markdown|txt|html?|csv|json)$/i;

async function fileBody(file: File): Promise<KnowledgeUpload> {
  if (textLike.test(file.name) || file.type.startsWith('text/')) return { name: file.name, text: await file.text() };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name, base64: btoa(binary) };
}

export function KnowledgeAddForms({ base, onAdded }: { base: string; onAdded: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);

  const run = async (e: FormEvent, send: () => Promise<void>) => {
    e.preventDefault();
    setError(null);
    try { await send(); onAdded(); } catch (err) { setError(messageOf(err)); }
  };

  return (
    <section>
      <h2>Add knowledge</h2>
      <ErrorMessage error={error} />
      <form onSubmit={(e) => void run(e, async () => {
        for (const f of files) await api('POST', base, await fileBody(f));
        setFiles([]);
        (e.target as HTMLFormElement).reset();
      })}>
        <label><span>Files (text, Markdown, HTML, PDF)</span><input type="file" multiple accept=".md,.markdown,.txt,.html,.htm,.pdf,text/*,application/pdf" onChange={(e) => setFiles([...(e.target.files ?? [])])} /></label>
        <button type="submit" disabled={files.length === 0}>Upload</button>
      </form>
      <form onSubmit={(e) => void run(e, async () => { await api('POST', base, { name, text } satisfies KnowledgeUpload); setName(''); setText(''); })}>
        <label><span>Document name</span><input type="text" required placeholder="returns.md" value={name} onChange={(e) => setName(e.target.value)} /></label>
        <label><span>Document text</span><textarea rows={4} required value={text} onChange={(e) => setText(e.target.value)} /></label>
        <button type="submit">Add text</button>
      </form>
      <form onSubmit={(e) => void run(e, async () => { await api('POST', base, { url } satisfies KnowledgeUpload); setUrl(''); })}>
        <label><span>Page URL</span><input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} /></label>
        <button type="submit">Add URL</button>
      </form>
    </section>
  );
}
