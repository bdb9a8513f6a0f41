// A project's tabs; each tab is its own page component, loaded when first opened. Above them,
// until the owner is set up, the first-run checklist.
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { api } from '../api.js';
import type { ProjectView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ProjectContext } from '../projectContext.js';
import { runsUrl, useConsoleConfig } from '../useConsoleConfig.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';
import { FirstRunChecklist } from './FirstRunChecklist.js';
import { isTab, tabLoaders, type TabName } from './tabLoaders.js';

/** A tab's page; `rest` is the route after the tab (a thread id under Conversations). */
type TabPage = ComponentType<{ rest: string[] }>;
const page = <K extends string>(load: () => Promise<Record<K, TabPage>>, name: K) => lazy(() => load().then((m) => ({ default: m[name] })));

const tabs: Record<TabName, [string, TabPage]> = {
  settings: ['Settings', page(tabLoaders.settings, 'SettingsPage')],
  keys: ['API keys', page(tabLoaders.keys, 'KeysPage')],
  tools: ['Tools', page(tabLoaders.tools, 'ToolsPage')],
  knowledge: ['Knowledge', page(tabLoaders.knowledge, 'KnowledgePage')],
  playground: ['Playground', page(tabLoaders.playground, 'PlaygroundPage')],
  analytics: ['Analytics', page(tabLoaders.analytics, 'AnalyticsPage')],
  conversations: ['Conversations', page(tabLoaders.conversations, 'ConversationsPage')],
};

export function ProjectShell({ projectId, tab, rest }: { projectId: string; tab: string; rest: string[] }) {
  const config = useConsoleConfig();
  const { data: project, error, reload } = useAsync(() => api<ProjectView>('GET', `/manage/projects/${projectId}`), [projectId]);
  const context = useMemo(() => (project ? { project, reload } : null), [project, reload]);
  if (error && !project) return <ErrorMessage error={error} />;
  if (!context) return <Skeleton label="Loading the project" lines={4} />;
  const current: TabName = isTab(tab) ? tab : 'settings';
  const Page = tabs[current][1];
  const runs = runsUrl(config, projectId);
  return (
    <ProjectContext.Provider value={context}>
      <div className="project-head">
        <h1>{context.project.name}</h1>
        {runs && <a href={runs} target="_blank" rel="noreferrer">Runs in Temporal UI</a>}
      </div>
      <nav className="tabs" aria-label="Project sections">
        {Object.entries(tabs).map(([id, [label]]) => (
          <a key={id} href={`#/projects/${projectId}/${id}`} aria-current={current === id ? 'page' : undefined}>{label}</a>
        ))}
      </nav>
      <FirstRunChecklist full={current === 'settings'} />
      <Suspense fallback={<Skeleton label="Loading the page" lines={5} />}>
        <Page key={`${projectId}/${current}`} rest={rest} />
      </Suspense>
    </ProjectContext.Provider>
  );
}
