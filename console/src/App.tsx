// The shell: who is signed in, the header, and which page the hash route shows. Sign-in and the
// project list are small and come with the shell (a first visit needs one of them at once); a
// project's pages are chunks of their own, loaded when first shown.
import { useEffect, useRef, useState } from 'react';
import { api, ApiError, messageOf, SIGNED_OUT } from './api.js';
import type { Owner, SessionView } from '@askflow/contract/browser';
import { go, useRoute } from './router.js';
import { preloadConsoleConfig } from './useConsoleConfig.js';
import { ErrorMessage } from './components/ErrorMessage.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { Skeleton } from './components/Skeleton.js';

import { preloadTab } from './pages/tabLoaders.js';
import { AuthPage } from './pages/AuthPage.js';
import { ProjectsPage } from './pages/ProjectsPage.js';
import { lazyPage } from './components/lazyPage.js';
import { prefetch, projectPath } from './prefetch.js';

const ProjectShell = lazyPage<{ projectId: string; tab: string; rest: string[] }>(() => import('./pages/ProjectShell.js').then((m) => m.ProjectShell), 'Loading the project');

/**
 * When the address is a project page, what it needs starts now, beside the session check: its
 * chunks, the project and the console's config (a signed-out visitor's 401s just confirm the
 * sign-in page).
 */
export function preloadFirstScreen(route: string[]): void {
  const [first, projectId, tab] = route;
  if (first !== 'projects' || !projectId) return;
  void ProjectShell.preload();
  preloadTab(tab);
  prefetch(projectPath(projectId));
  preloadConsoleConfig();
}

// A browser that has signed in before is shown "Sign in"; a first visit is shown "Sign up".
const RETURNING = 'askflow.returning';

export function App() {
  const route = useRoute();
  const [owner, setOwner] = useState<Owner | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const main = useRef<HTMLElement>(null);

  useEffect(() => {
    api<SessionView>('GET', '/manage/session').then(
      (s) => { setOwner(s.owner); preloadConsoleConfig(); },
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

  const [first, projectId, tab, ...rest] = route;
  let page = null;
  if (owner === null) {
    const mode = first === 'signup' || (first !== 'signin' && !localStorage.getItem(RETURNING)) ? 'signup' : 'signin';
    page = <AuthPage mode={mode} onSignedIn={(o) => { localStorage.setItem(RETURNING, '1'); setOwner(o); go('projects'); }} />;
  } else if (owner && first === 'projects' && projectId) {
    page = <ProjectShell projectId={projectId} tab={tab ?? 'settings'} rest={rest} />;
  } else if (owner) {
    page = <ProjectsPage />;
  }

  return (
    <>
      <button type="button" className="skip-link" onClick={() => main.current?.focus()}>Skip to content</button>
      <header className="top">
        <a className="brand" href={owner ? '#/projects' : '#/'}>Askflow <span>console</span></a>
        {owner && (
          <nav aria-label="Account" className="account">
            <a href="#/projects">Projects</a>
            <span className="email" title={owner.email}>{owner.email}</span>
            <button type="button" onClick={() => void signOut()}>Sign out</button>
          </nav>
        )}
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <ErrorMessage error={error} />
        {owner === undefined && !error && <Skeleton label="Loading the console" />}
        <ErrorBoundary resetKey={route.join('/')}>{page}</ErrorBoundary>
      </main>
    </>
  );
}
