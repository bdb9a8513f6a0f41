// A project's tabs; each tab is its own page component, loaded when first opened. Above them,
// until the owner is set up, the first-run checklist.
import { useMemo } from 'react';
import { getOnce, projectPath } from '../prefetch.js';
import type { ProjectView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ProjectContext } from '../projectContext.js';
import { runsUrl, useConsoleConfig } from '../useConsoleConfig.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';
import { FirstRunChecklist } from './FirstRunChecklist.js';
import { isTab, tabPages, type TabName } from './tabLoaders.js';

const labels: Record<TabName, string> = {
  settings: 'Settings', keys: 'API keys', tools: 'Tools', knowledge: 'Knowledge',
  playground: 'Playground', analytics: 'Analytics', conversations: 'Conversations',
};

export function ProjectShell({ projectId, tab, rest }: { projectId: string; tab: string; rest: string[] }) {
  const config = useConsoleConfig();
  const { data: project, error, reload } = useAsync(() => getOnce<ProjectView>(projectPath(projectId)), [projectId]);
  const context = useMemo(() => (project ? { project, reload } : null), [project, reload]);
  if (error && !project) return <ErrorMessage error={error} />;
  if (!context) return <Skeleton label="Loading the project" lines={4} />;
  const current: TabName = isTab(tab) ? tab : 'settings';
  const Page = tabPages[current];
  const runs = runsUrl(config, projectId);
  return (
    <ProjectContext.Provider value={context}>
      <div className="project-head">
        <h1>{context.project.name}</h1>
        {runs && <a href={runs} target="_blank" rel="noreferrer">Runs in Temporal UI</a>}
      </div>
      <nav className="tabs" aria-label="Project sections">
        {Object.entries(labels).map(([id, label]) => (
          <a key={id} href={`#/projects/${projectId}/${id}`} aria-current={current === id ? 'page' : undefined}>{label}</a>
        ))}
      </nav>
      <FirstRunChecklist full={current === 'settings'} />
      <Page key={`${projectId}/${current}`} rest={rest} />
    </ProjectContext.Provider>
  );
}
