// Project list with create, rename and delete. A new owner's first project is one click away.
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api.js';
import type { ProjectCreate, ProjectList, ProjectPatch, ProjectView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useAction } from '../useAction.js';
import { go } from '../router.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';

const FIRST_PROJECT = 'My first project';

export function ProjectsPage() {
  const { data, error, reload } = useAsync(() => api<ProjectList>('GET', '/manage/projects'), []);
  const [name, setName] = useState('');
  const action = useAction();
  const none = data?.projects.length === 0;
  // Nothing to name yet: the first project gets a name the owner can keep or change.
  useEffect(() => { if (none) setName((n) => n || FIRST_PROJECT); }, [none]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const project = await action.run(() => api<ProjectView>('POST', '/manage/projects', { name: name.trim() } satisfies ProjectCreate));
    if (project) go(`projects/${project.id}/settings`);
  };
  const act = async (fn: () => Promise<unknown>) => { if (await action.run(async () => { await fn(); return true; })) reload(); };

  return (
    <section>
      <h1>Projects</h1>
      {none && <p>A project is one assistant: its model, its documents, its tools and its API keys. Start with one.</p>}
      <form onSubmit={(e) => void create(e)} className="row">
        <label><span>New project name</span><input type="text" required value={name} onChange={(e) => { setName(e.target.value); action.clearError(); }} /></label>
        <button type="submit" disabled={action.busy}>Create project</button>
      </form>
      <ErrorMessage error={error ?? action.error} />
      {!data && !error && <Skeleton label="Loading projects" />}
      {none && <p className="empty">No projects yet: create one above.</p>}
      {data && data.projects.length > 0 && (
        <table className="stack">
          <thead><tr><th>Name</th><th>Tenant ID</th><th>Actions</th></tr></thead>
          <tbody>
            {data.projects.map((p) => (
              <tr key={p.id}>
                <td data-label="Name" className="wrap-anywhere"><a href={`#/projects/${p.id}/settings`}>{p.name}</a></td>
                <td data-label="Tenant ID"><code>{p.id}</code></td>
                <td data-label="Actions" className="actions">
                  <button type="button" onClick={() => {
                    const next = window.prompt('New name', p.name);
                    if (next) void act(() => api('PATCH', `/manage/projects/${p.id}`, { name: next } satisfies ProjectPatch));
                  }}>Rename {p.name}</button>
                  <button type="button" onClick={() => {
                    if (window.confirm(`Delete ${p.name}? Keys, threads and knowledge go with it.`)) void act(() => api('DELETE', `/manage/projects/${p.id}`));
                  }}>Delete {p.name}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
