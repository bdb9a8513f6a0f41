// The project's host allowlist: the only hosts its tools and knowledge URLs may reach.
import { useState, type FormEvent } from 'react';
import { api } from '../api.js';
import type { ProjectPatch } from '@askflow/contract/browser';
import { useProject } from '../projectContext.js';
import { useAction } from '../useAction.js';
import { useUnsavedChanges } from '../router.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

export function AllowedHostsSection() {
  const { project, reload } = useProject();
  const [savedHosts, setSavedHosts] = useState(project.allowedHosts.join('\n'));
  const [hosts, setHosts] = useState(savedHosts);
  const [saved, setSaved] = useState(false);
  const action = useAction();
  useUnsavedChanges(hosts !== savedHosts, 'allowed hosts');

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const allowedHosts = hosts.split('\n').map((h) => h.trim()).filter(Boolean);
    if (await action.run(async () => { await api('PATCH', `/manage/projects/${project.id}`, { allowedHosts } satisfies ProjectPatch); return true; })) {
      setSavedHosts(hosts);
      setSaved(true);
      reload();
    }
  };

  return (
    <section>
      <h2>Allowed hosts</h2>
      <p>Tools and knowledge URLs may reach only these hosts. Empty: any public host.</p>
      <form onSubmit={(e) => void save(e)}>
        <label>
          <span>One per line: api.example.com, *.example.com, host:port</span>
          <textarea rows={3} value={hosts} onChange={(e) => { setHosts(e.target.value); setSaved(false); action.clearError(); }} />
        </label>
        <ErrorMessage error={action.error} />
        {saved && <p className="notice" role="status">Allowed hosts saved.</p>}
        <button type="submit" disabled={action.busy}>Save allowed hosts</button>
      </form>
    </section>
  );
}
