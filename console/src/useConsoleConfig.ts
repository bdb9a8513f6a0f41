// Where the Temporal Web UI lives, to link each answer to its run.
import { api } from './api.js';
import type { ConsoleConfig } from '@askflow/contract/browser';
import { useAsync } from './useAsync.js';

export function useConsoleConfig(): ConsoleConfig | undefined {
  return useAsync(() => api<ConsoleConfig>('GET', '/manage/config'), []).data;
}

export function runUrl(config: ConsoleConfig | undefined, workflowId: string | null | undefined): string | null {
  // No Temporal UI configured (the api sends null): nothing to link to.
  if (!config?.temporalUiUrl || !workflowId) return null;
  return `${config.temporalUiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(config.temporalNamespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
