// A project's first document is added to be answered from: if RAG is off then, it is switched
// on (and the page says so), instead of the first question ignoring the document.
import type { ProjectPatch, ProjectView } from '@askflow/contract/browser';
import { api } from './api.js';

export const RAG_SWITCHED_ON = 'RAG is now on: answers use your documents. You can switch it off in Settings.';

/** True when it switched RAG on. */
export async function ragOnForFirstDocument(project: ProjectView, documentsBefore: number): Promise<boolean> {
  if (project.ragEnabled || documentsBefore > 0) return false;
  await api('PATCH', `/manage/projects/${project.id}`, { ragEnabled: true } satisfies ProjectPatch);
  return true;
}
