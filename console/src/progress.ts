// The first-run checklist's facts that only this browser knows (a snippet was copied, the list
// was dismissed), and a signal that the facts the API knows (documents, threads, keys) changed.
const copiedKey = (projectId: string) => `askflow.snippetCopied.${projectId}`;
const hiddenKey = (projectId: string) => `askflow.checklistHidden.${projectId}`;
export const PROGRESS_CHANGED = 'askflow:progress';

export function progressChanged(): void {
  window.dispatchEvent(new Event(PROGRESS_CHANGED));
}

export const snippetCopied = (projectId: string) => localStorage.getItem(copiedKey(projectId)) === '1';
export function markSnippetCopied(projectId: string): void {
  localStorage.setItem(copiedKey(projectId), '1');
  progressChanged();
}

export const checklistHidden = (projectId: string) => localStorage.getItem(hiddenKey(projectId)) === '1';
export function hideChecklist(projectId: string, hidden: boolean): void {
  if (hidden) localStorage.setItem(hiddenKey(projectId), '1');
  else localStorage.removeItem(hiddenKey(projectId));
  progressChanged();
}

/**
 * A key made a moment ago, held in memory only, so the keys page can show it (once) after a
 * checklist step made it: read while rendering (a render may be repeated), forgotten once shown.
 */
const created = new Map<string, string>();
export const rememberCreatedKey = (projectId: string, key: string) => created.set(projectId, key);
export const createdKey = (projectId: string): string | null => created.get(projectId) ?? null;
export const forgetCreatedKey = (projectId: string) => created.delete(projectId);
