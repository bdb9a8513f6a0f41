// Where the Temporal Web UI lives, to link answers, threads and whole projects to their runs;
// and the models that need no connection, for the model pickers. Loaded once per page load.
import { SEARCH_ATTRIBUTE_NAMES } from '@askflow/contract/names';
import type { ConsoleConfig } from '@askflow/contract/browser';
import { api } from './api.js';
import { useAsync } from './useAsync.js';

let cached: Promise<ConsoleConfig> | null = null;
const loadConfig = () => (cached ??= api<ConsoleConfig>('GET', '/manage/config').catch((err: unknown) => { cached = null; throw err; }));

/** Asks for it as soon as someone is signed in, beside the first page's own calls. */
export function preloadConsoleConfig(): void {
  loadConfig().catch(() => undefined);
}

export function useConsoleConfig(): ConsoleConfig | undefined {
  return useAsync(loadConfig, []).data;
}

function uiBase(config: ConsoleConfig | undefined): string | null {
  // No Temporal UI configured (the api sends null): nothing to link to.
  return config?.temporalUiUrl ? `${config.temporalUiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(config.temporalNamespace)}/workflows` : null;
}

/** One ask's run. */
export function runUrl(config: ConsoleConfig | undefined, workflowId: string | null | undefined): string | null {
  const base = uiBase(config);
  return base && workflowId ? `${base}/${encodeURIComponent(workflowId)}` : null;
}

/** Every run of a project (and of one of its threads), by the search attributes each ask carries. */
export function runsUrl(config: ConsoleConfig | undefined, tenantId: string, threadId?: string): string | null {
  const base = uiBase(config);
  if (!base) return null;
  const query = `${SEARCH_ATTRIBUTE_NAMES.tenantId}="${tenantId}"${threadId ? ` AND ${SEARCH_ATTRIBUTE_NAMES.threadId}="${threadId}"` : ''}`;
  return `${base}?query=${encodeURIComponent(query)}`;
}
