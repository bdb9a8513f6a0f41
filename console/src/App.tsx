// The shell: who is signed in, the header, and which page the hash route shows.
import { useEffect, useState } from 'react';
import { api, ApiError, messageOf, SIGNED_OUT } from './api.js';
import type { Owner, SessionView } from '@askflow/contract/browser';
import { go, useRoute } from './router.js';
import { AuthPage } from './pages/AuthPage.js';
import { ProjectsPage } from './pages/ProjectsPage.js';
import { ProjectShell } from './pages/ProjectShell.js';
import { ErrorMessage } from './components/ErrorMessage.js';

export function App() {
  const route = useRoute();
  const [owner, setOwner] = useState<Owner | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<SessionView>('GET', '/manage/session').then(
      (s) => setOwner(s.owner),
      (e: unknown) => { if (e instanceof ApiError && e.status === 401) setOwner(null); else setError(messageOf(e)); },
    );
    const onSignedOut = () => setOwner(null);
    window.addEventListener(SIGNED_OUT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT, onSignedOut);
  }, []);

  const signOut = async () => {
    try {
      await api('DELETE', '/manage/session');
      setOwner(null);
      go('signin');
    } catch (e) { setError(messageOf(e)); }
  };

  if (owner === undefined) return <main><ErrorMessage error={error} />{!error && <p>Loading…</p>}</main>;

  const [first, projectId, tab] = route;
  let page;
  if (!owner) page = <AuthPage mode={first === 'signup' ? 'signup' : 'signin'} onSignedIn={(o) => { setOwner(o); go('projects'); }} />;
  else if (first === 'projects' && projectId) page = <ProjectShell projectId={projectId} tab={tab ?? 'settings'} />;
  else page = <ProjectsPage />;

  return (
    <>
      <header>
        <strong>Askflow console</strong>
        {owner && <a href="#/projects">Projects</a>}
        <span style={{ flex: 1 }} />
        {owner && <span>{owner.email}</span>}
        {owner && <button type="button" onClick={() => void signOut()}>Sign out</button>}
      </header>
      <main>
        <ErrorMessage error={error} />
        {page}
      </main>
    </>
  );
}
