// Where the Temporal Web UI lives, to link each answer to its run.
import { api } from './api.js';
import type { ConsoleConfig } from './types.js';
import { useAsync } from './useAsync.js';

export function useConsoleConfig(): ConsoleConfig | undefined {
  return useAsync(() => api<ConsoleConfig>('GET', '/manage/config'), []).data;
}

export function runUrl(config: ConsoleConfig | undefined, workflowId: string | null | undefined): string | null {
  if (!config || !workflowId) return null;
  return `${config.temporalUiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(config.temporalNamespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
