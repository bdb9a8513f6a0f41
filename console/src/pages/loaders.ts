// Every page's chunk, by name. Each is fetched when first needed — or earlier, by `preload`,
// when the address already says which pages the first screen needs, so the chunks load beside
// the first API calls instead of after them.
export const loaders = {
  shell: () => import('./ProjectShell.js'),
  settings: () => import('./SettingsPage.js'),
  keys: () => import('./KeysPage.js'),
  tools: () => import('./ToolsPage.js'),
  knowledge: () => import('./KnowledgePage.js'),
  playground: () => import('./PlaygroundPage.js'),
  analytics: () => import('./AnalyticsPage.js'),
  conversations: () => import('./ConversationsPage.js'),
};

export type TabName = Exclude<keyof typeof loaders, 'shell'>;
export const isTab = (t: string | undefined): t is TabName => t !== undefined && t !== 'shell' && t in loaders;

/** Starts fetching the chunks a project page at `route` shows (a failed fetch is retried when the page renders). */
export function preload(route: string[]): void {
  const [first, projectId, tab] = route;
  if (first !== 'projects' || !projectId) return;
  for (const load of [loaders.shell, loaders[isTab(tab) ? tab : 'settings']]) load().catch(() => undefined);
}
