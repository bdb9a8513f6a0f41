// The playground's conversation per project, kept outside the page: an answer keeps streaming
// while the owner looks at another tab, and the conversation is still there when they come back
// (and after a reload: it is saved in this browser's localStorage once each answer ends).
import { useSyncExternalStore } from 'react';
import { ApiError, messageOf } from './api.js';
import { askStream, type AskResult } from './askStream.js';
import { playgroundKey } from './playgroundKey.js';
import { progressChanged } from './progress.js';

export interface ChatTurn { message: string; result: AskResult }
export interface Conversation { turns: ChatTurn[]; threadId?: string | undefined; sending: boolean; error: string | null }

const MAX_TURNS = 50;
const storageKey = (projectId: string) => `askflow.playground.${projectId}`;
const conversations = new Map<string, Conversation>();
const listeners = new Map<string, Set<() => void>>();

function load(projectId: string): Conversation {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(projectId)) ?? 'null') as Pick<Conversation, 'turns' | 'threadId'> | null;
    if (saved && Array.isArray(saved.turns)) {
      // An answer cut off by a reload never finishes here: say so instead of "starting…" forever.
      const turns = saved.turns.map((t) => (t.result.done ? t : { ...t, result: { ...t.result, done: true, error: 'Interrupted: the page was reloaded before the answer ended (its run is in Conversations once it finishes).' } }));
      return { turns, threadId: saved.threadId, sending: false, error: null };
    }
  } catch {
    // Unreadable storage: start afresh.
  }
  return { turns: [], sending: false, error: null };
}

function get(projectId: string): Conversation {
  let c = conversations.get(projectId);
  if (!c) {
    c = load(projectId);
    conversations.set(projectId, c);
  }
  return c;
}

function set(projectId: string, next: Conversation, save = false): void {
  conversations.set(projectId, next);
  if (save) localStorage.setItem(storageKey(projectId), JSON.stringify({ turns: next.turns.slice(-MAX_TURNS), threadId: next.threadId }));
  for (const l of listeners.get(projectId) ?? []) l();
}

export function useConversation(projectId: string): Conversation {
  return useSyncExternalStore((l) => {
    const set = listeners.get(projectId) ?? new Set();
    set.add(l);
    listeners.set(projectId, set);
    return () => set.delete(l);
  }, () => get(projectId));
}

export function newConversation(projectId: string): void {
  set(projectId, { turns: [], sending: false, error: null }, true);
}

/** A revoked or deleted stored key answers 401: make a fresh one once and retry. */
export async function withPlaygroundKey<T>(projectId: string, fn: (key: string) => Promise<T>): Promise<T> {
  try { return await fn(await playgroundKey(projectId)); } catch (err) {
    if (err instanceof ApiError && err.status === 401) return fn(await playgroundKey(projectId, true));
    throw err;
  }
}

/** Asks on the conversation's thread and streams the answer into its last turn; false when the ask was refused. */
export async function send(projectId: string, message: string, model: string | undefined): Promise<boolean> {
  const start = get(projectId);
  if (start.sending) return false;
  const index = start.turns.length;
  set(projectId, { ...start, sending: true, error: null, turns: [...start.turns, { message, result: { askId: null, answer: '', done: false } }] });
  const update = (result: AskResult) => {
    const c = get(projectId);
    set(projectId, { ...c, turns: c.turns.map((t, i) => (i === index ? { ...t, result } : t)) });
  };
  try {
    const result = await withPlaygroundKey(projectId, (key) => askStream({ apiKey: key, tenantId: projectId, message, threadId: start.threadId, model }, update));
    const c = get(projectId);
    set(projectId, { ...c, sending: false, threadId: result.threadId ?? c.threadId }, true);
    progressChanged();
    return true;
  } catch (err) {
    // Refused before it started (budget, rate limit, no worker): nothing to keep but the message.
    const c = get(projectId);
    set(projectId, { ...c, sending: false, error: messageOf(err), turns: c.turns.filter((_, i) => i !== index) }, true);
    return false;
  }
}
