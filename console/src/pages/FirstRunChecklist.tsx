// A new project's way to a first answer from the owner's own document: add knowledge → ask in
// the playground → create a key → copy a snippet. Each step is done by what the API knows
// (documents, threads, keys) or, for the snippet, what this browser saw; each can be done from
// here in one action.
import { useEffect, useState, type ChangeEvent } from 'react';
import { api } from '../api.js';
import type { ApiKeyCreate, ApiKeyList, CreatedApiKey, DocumentList, ThreadList } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useAction } from '../useAction.js';
import { useProject } from '../projectContext.js';
import { go } from '../router.js';
import { ACCEPTED_FILES, fileBody } from '../knowledgeUpload.js';
import { RAG_SWITCHED_ON, ragOnForFirstDocument } from '../knowledgeDefaults.js';
import { checklistHidden, hideChecklist, progressChanged, PROGRESS_CHANGED, rememberCreatedKey, snippetCopied } from '../progress.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

const PLAYGROUND_KEY_NAME = 'Playground';

/** A tick or an empty box, said as "Done:" or "To do:". */
function Mark({ done }: { done: boolean }) {
  return <span className={`mark ${done ? 'mark-done' : ''}`} role="img" aria-label={done ? 'Done:' : 'To do:'}>{done ? '✓' : ''}</span>;
}

/** `full`: the whole list at first (where a project opens); otherwise the next step only, until asked for all. */
export function FirstRunChecklist({ full }: { full: boolean }) {
  const { project, reload: reloadProject } = useProject();
  const base = `/manage/projects/${project.id}`;
  const { data, reload } = useAsync(async () => {
    const [docs, threads, keys] = await Promise.all([
      api<DocumentList>('GET', `${base}/knowledge`),
      api<ThreadList>('GET', `${base}/threads?limit=1`),
      api<ApiKeyList>('GET', `${base}/keys`),
    ]);
    return { documents: docs.documents, asked: threads.threads.length > 0, keys: keys.keys.filter((k) => !k.revokedAt && k.name !== PLAYGROUND_KEY_NAME) };
  }, [base]);
  const [hidden, setHidden] = useState(() => checklistHidden(project.id));
  const [copied, setCopied] = useState(() => snippetCopied(project.id));
  const [note, setNote] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const upload = useAction();
  const keyAction = useAction();

  useEffect(() => {
    const onChange = () => { reload(); setHidden(checklistHidden(project.id)); setCopied(snippetCopied(project.id)); };
    window.addEventListener(PROGRESS_CHANGED, onChange);
    return () => window.removeEventListener(PROGRESS_CHANGED, onChange);
  }, [reload, project.id]);

  // Poll only while a document is being read, to show it turn ready.
  const ingesting = data?.documents.some((d) => d.status === 'pending' || d.status === 'ingesting') ?? false;
  useEffect(() => {
    if (!ingesting) return;
    const timer = window.setInterval(reload, 1000);
    return () => window.clearInterval(timer);
  }, [ingesting, reload]);

  if (!data) return null;
  const steps = [data.documents.length > 0, data.asked, data.keys.length > 0, copied];
  const done = steps.filter(Boolean).length;
  if (hidden) {
    return <p className="checklist-hidden"><button type="button" className="link" onClick={() => hideChecklist(project.id, false)}>Show the getting-started checklist</button></p>;
  }
  if (done === steps.length) {
    return (
      <section className="checklist checklist-done" aria-labelledby="checklist-title" data-testid="checklist">
        <div className="checklist-head">
          <h2 id="checklist-title"><Mark done /> All set <span className="meta">{done} of {steps.length} done</span></h2>
          <button type="button" className="link" onClick={() => hideChecklist(project.id, true)}>Hide checklist</button>
        </div>
        <p>Your project answers from your documents, and your app has a key and the code to call it.</p>
      </section>
    );
  }

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const files = [...(input.files ?? [])];
    if (!files.length) return;
    const before = data.documents.length;
    const ok = await upload.run(async () => {
      for (const f of files) await api('POST', `${base}/knowledge`, await fileBody(f));
      return true;
    });
    input.value = '';
    if (!ok) return;
    if (await upload.run(() => ragOnForFirstDocument(project, before))) {
      setNote(RAG_SWITCHED_ON);
      reloadProject();
    }
    progressChanged();
  };

  const createKey = async () => {
    const created = await keyAction.run(() => api<CreatedApiKey>('POST', `${base}/keys`, { mode: 'live', name: 'My app' } satisfies ApiKeyCreate));
    if (!created) return;
    rememberCreatedKey(project.id, created.key);
    progressChanged();
    go(`projects/${project.id}/keys`);
  };

  const doc = data.documents[0];
  const items = [
    {
      title: 'Add knowledge', detail: '— a document your assistant should answer from.',
      action: (
        <div className="step-action">
          <label className="file-button">
            <span>Upload a document</span>
            <input type="file" accept={ACCEPTED_FILES} multiple disabled={upload.busy} onChange={(e) => void onFile(e)} />
          </label>
          <a href={`#/projects/${project.id}/knowledge`}>More ways (text, web page)</a>
        </div>
      ),
    },
    {
      title: 'Ask in the playground', detail: '— see the answer, its intent and its sources.',
      action: <div className="step-action"><a className="button" href={`#/projects/${project.id}/playground`}>Ask in the playground</a></div>,
    },
    {
      title: 'Create a key', detail: 'for your app.',
      action: <div className="step-action"><button type="button" disabled={keyAction.busy} onClick={() => void createKey()}>Create a key</button></div>,
    },
    {
      title: 'Copy a snippet', detail: '— curl, the Node.js client or the OpenAI SDK, ready to paste.',
      action: <div className="step-action"><a href={`#/projects/${project.id}/keys`}>Snippets for your keys</a></div>,
    },
  ];
  const next = steps.findIndex((d) => !d);
  // The whole list where a project opens (its settings) or when asked for; elsewhere, only the
  // next step with its action, so the page itself stays in view.
  const showAll = expanded ?? full;
  const shown = showAll ? items.map((item, i) => ({ item, i })) : [{ item: items[next]!, i: next }];
  return (
    <section className="checklist" aria-labelledby="checklist-title" data-testid="checklist">
      <div className="checklist-head">
        <h2 id="checklist-title">Get started <span className="meta">{done} of {steps.length} done</span></h2>
        <div className="row">
          <button type="button" className="link" aria-expanded={showAll} onClick={() => setExpanded(!showAll)}>{showAll ? 'Only the next step' : 'All steps'}</button>
          <button type="button" className="link" onClick={() => hideChecklist(project.id, true)}>Hide checklist</button>
        </div>
      </div>
      <ol>
        {/* A done step is one line; the others keep their one-action way to do them. */}
        {shown.map(({ item, i }) => (
          <li key={item.title} className={steps[i] ? 'done' : ''} value={i + 1}>
            <Mark done={steps[i]!} /><strong>{item.title}</strong> {item.detail}
            {!steps[i] && item.action}
          </li>
        ))}
      </ol>
      {/* What the steps' actions did, whichever steps are shown. */}
      {upload.busy && <p className="meta" role="status">Uploading…</p>}
      {doc && (
        <p className="meta" data-testid="checklist-document">
          {doc.title ?? doc.name}: {doc.status === 'ready' ? 'ready ✓' : doc.status === 'failed' ? `failed — ${doc.error ?? ''}` : 'reading it…'}
          {data.documents.length > 1 && ` (and ${data.documents.length - 1} more)`}
        </p>
      )}
      {note && <p className="notice" role="status">{note}</p>}
      <ErrorMessage error={upload.error ?? keyAction.error} />
    </section>
  );
}
