// The playground calls the service exactly as an app would, so it needs an API key. It makes a
// test key named "Playground" once per project (test keys mark their turns isTest) and keeps
// it in this browser's localStorage.
import type { ApiKeyCreate, CreatedApiKey } from '@askflow/contract/browser';
import { api } from './api.js';

const storageKey = (projectId: string) => `askflow.playgroundKey.${projectId}`;

export async function playgroundKey(projectId: string, renew = false): Promise<string> {
  const stored = localStorage.getItem(storageKey(projectId));
  if (stored && !renew) return stored;
  const { key } = await api<CreatedApiKey>('POST', `/manage/projects/${projectId}/keys`, { mode: 'test', name: 'Playground' } satisfies ApiKeyCreate);
  localStorage.setItem(storageKey(projectId), key);
  return key;
}
