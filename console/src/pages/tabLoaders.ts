// Each project page is a chunk of its own, loaded when its tab is first shown — or earlier
// (preloadTab), when the address already says which tab the first screen shows, so the chunk
// loads beside the first API calls instead of after them.
import { lazyPage } from '../components/lazyPage.js';

/** `rest` is the route after the tab (a thread id under Conversations). */
type TabProps = { rest: string[] };

export const tabPages = {
  settings: lazyPage<TabProps>(() => import('./SettingsPage.js').then((m) => m.SettingsPage)),
  keys: lazyPage<TabProps>(() => import('./KeysPage.js').then((m) => m.KeysPage)),
  tools: lazyPage<TabProps>(() => import('./ToolsPage.js').then((m) => m.ToolsPage)),
  knowledge: lazyPage<TabProps>(() => import('./KnowledgePage.js').then((m) => m.KnowledgePage)),
  playground: lazyPage<TabProps>(() => import('./PlaygroundPage.js').then((m) => m.PlaygroundPage)),
  analytics: lazyPage<TabProps>(() => import('./AnalyticsPage.js').then((m) => m.AnalyticsPage)),
  conversations: lazyPage<TabProps>(() => import('./ConversationsPage.js').then((m) => m.ConversationsPage)),
};

export type TabName = keyof typeof tabPages;
export const isTab = (t: string | undefined): t is TabName => t !== undefined && t in tabPages;

/** Starts loading a tab's chunk. */
export function preloadTab(tab: string | undefined): void {
  void tabPages[isTab(tab) ? tab : 'settings'].preload();
}
