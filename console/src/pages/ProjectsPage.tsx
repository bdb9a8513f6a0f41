// Project list with create, rename and delete.
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '../api.js';
import type { ProjectCreate, ProjectList, ProjectPatch, ProjectView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { go } from '../router.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

export function ProjectsPage() {
  const { data, error, reload } = useAsync(() => api<ProjectList>('GET', '/manage/projects'), []);
  const [name, setName] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const project = await api<ProjectView>('POST', '/manage/projects', { name } satisfies ProjectCreate);
      setName('');
      go(`projects/${project.id}/settings`);
    } catch (err) { setActionError(messageOf(err)); }
  };
  const act = async (fn: () => Promise<unknown>) => {
    setActionError(null);
    try { await fn(); reload(); } catch (err) { setActionError(messageOf(err)); }
  };

  return (
    <section>
      <h1>Projects</h1>
      <form onSubmit={(e) => void create(e)}>
        <label><span>New project name</span><input type="text" required value={name} onChange={(e) => setName(e.target.value)} /></label>
        <button type="submit">Create project</button>
      </form>
      <ErrorMessage error={error ?? actionError} />
      {data && data.projects.length === 0 && <p className="empty">No projects yet: create one above.</p>}
      {data && data.projects.length > 0 && (
        <table>
          <thead><tr><th>Name</th><th>Tenant ID</th><th>Actions</th></tr></thead>
          <tbody>
            {data.projects.map((p) => (
              <tr key={p.id}>
                <td><a href={`#/projects/${p.id}/settings`}>{p.name}</a></td>
                <td><code>{p.id}</code></td>
                <td>
                  <button type="button" onClick={() => {
                    const next = window.prompt('New name', p.name);
                    if (next) void act(() => api('PATCH', `/manage/projects/${p.id}`, { name: next } satisfies ProjectPatch));
                  }}>Rename {p.name}</button>{' '}
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
