// Each project page's chunk, by tab. Each is fetched when its tab is first shown — or earlier
// (preloadTab), when the address already says which tab the first screen shows, so the chunk
// loads beside the first API calls instead of after them.
export const tabLoaders = {
  settings: () => import('./SettingsPage.js'),
  keys: () => import('./KeysPage.js'),
  tools: () => import('./ToolsPage.js'),
  knowledge: () => import('./KnowledgePage.js'),
  playground: () => import('./PlaygroundPage.js'),
  analytics: () => import('./AnalyticsPage.js'),
  conversations: () => import('./ConversationsPage.js'),
};

export type TabName = keyof typeof tabLoaders;
export const isTab = (t: string | undefined): t is TabName => t !== undefined && t in tabLoaders;

/** Starts fetching a tab's chunk (a failed fetch is tried again when the tab renders). */
export function preloadTab(tab: string | undefined): void {
  tabLoaders[isTab(tab) ? tab : 'settings']().catch(() => undefined);
}
