// A GET started before the page that needs it has rendered (the project of a project page is
// asked for beside the session check). The page takes the answer once, if it is a few seconds old
// at most; a failed one is dropped (the page asks again, e.g. once the owner has signed in).
import { api } from './api.js';

const FRESH_MS = 5000;
const pending = new Map<string, { answer: Promise<unknown>; at: number }>();

export function prefetch(path: string): void {
  if (pending.has(path)) return;
  const answer = api('GET', path);
  // Never an unhandled rejection: a failure just means the page fetches for itself.
  answer.catch(() => pending.delete(path));
  pending.set(path, { answer, at: Date.now() });
}

export function getOnce<T>(path: string): Promise<T> {
  const entry = pending.get(path);
  pending.delete(path);
  return entry && Date.now() - entry.at <= FRESH_MS ? (entry.answer as Promise<T>) : api<T>('GET', path);
}

/** The project of a project page: what the first screen prefetches and the page reads. */
export const projectPath = (projectId: string) => `/manage/projects/${projectId}`;
