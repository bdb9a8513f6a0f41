// A project's tabs; each tab is its own page component.
import { api } from '../api.js';
import type { ProjectView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { SettingsPage } from './SettingsPage.js';
import { KeysPage } from './KeysPage.js';
import { ToolsPage } from './ToolsPage.js';
import { KnowledgePage } from './KnowledgePage.js';
import { PlaygroundPage } from './PlaygroundPage.js';
import { AnalyticsPage } from './AnalyticsPage.js';
import { ConversationsPage } from './ConversationsPage.js';

const tabs: [string, string][] = [
  ['settings', 'Settings'], ['keys', 'API keys'], ['tools', 'Tools'], ['knowledge', 'Knowledge'],
  ['playground', 'Playground'], ['analytics', 'Analytics'], ['conversations', 'Conversations'],
];

export function ProjectShell({ projectId, tab }: { projectId: string; tab: string }) {
  const { data: project, error, reload } = useAsync(() => api<ProjectView>('GET', `/manage/projects/${projectId}`), [projectId]);
  if (error) return <ErrorMessage error={error} />;
  if (!project) return <p>Loading…</p>;
  return (
    <>
      <h1>{project.name}</h1>
      <nav className="tabs" aria-label="Project sections">
        {tabs.map(([id, label]) => (
          <a key={id} href={`#/projects/${projectId}/${id}`} aria-current={tab === id ? 'page' : undefined}>{label}</a>
        ))}
      </nav>
      {tab === 'settings' && <SettingsPage project={project} onSaved={reload} />}
      {tab === 'keys' && <KeysPage projectId={projectId} />}
      {tab === 'tools' && <ToolsPage projectId={projectId} />}
      {tab === 'knowledge' && <KnowledgePage projectId={projectId} />}
      {tab === 'playground' && <PlaygroundPage project={project} />}
      {tab === 'analytics' && <AnalyticsPage projectId={projectId} />}
      {tab === 'conversations' && <ConversationsPage projectId={projectId} />}
    </>
  );
}
