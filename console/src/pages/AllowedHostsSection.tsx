// The project's host allowlist: the only hosts its tools and knowledge URLs may reach.
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '../api.js';
import type { ProjectPatch, ProjectView } from '@askflow/contract/browser';
import { ErrorMessage } from '../components/ErrorMessage.js';

export function AllowedHostsSection({ project, onSaved }: { project: ProjectView; onSaved: () => void }) {
  const [hosts, setHosts] = useState(project.allowedHosts.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const allowedHosts = hosts.split('\n').map((h) => h.trim()).filter(Boolean);
      await api('PATCH', `/manage/projects/${project.id}`, { allowedHosts } satisfies ProjectPatch);
      setSaved(true);
      onSaved();
    } catch (err) { setError(messageOf(err)); }
  };

  return (
    <section>
      <h2>Allowed hosts</h2>
      <p>Tools and knowledge URLs may reach only these hosts. Empty: any public host.</p>
      <form onSubmit={(e) => void save(e)}>
        <label>
          <span>One per line: api.example.com, *.example.com, host:port</span>
          <textarea rows={3} value={hosts} onChange={(e) => { setHosts(e.target.value); setSaved(false); }} />
        </label>
        <ErrorMessage error={error} />
        {saved && <p className="notice" role="status">Allowed hosts saved.</p>}
        <button type="submit">Save allowed hosts</button>
      </form>
    </section>
  );
}
