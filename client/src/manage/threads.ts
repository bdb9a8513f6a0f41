import { ThreadListSchema, ThreadTurnsSchema, type ThreadList, type ThreadSummary, type ThreadTurns, type TurnView } from '@askflow/contract/browser';
import type { AskflowPromise, WithRequestId } from '../apiPromise.js';
import type { Transport } from '../transport.js';
import { manageCall, manageDelete, projectPath, type CallOptions } from './caller.js';

export interface ThreadPageOptions extends CallOptions {
  /** Threads per page, 1–200; default 50. */
  limit?: number;
  /** A page's `nextCursor`: the page right after it. */
  cursor?: string;
  /** Only threads last updated before this time (ISO 8601 or a Date). */
  before?: Date | string;
  /** Matches the external thread id, or any message or answer in the thread (≤ 500 characters). */
  search?: string;
}

export type ThreadListOptions = Omit<ThreadPageOptions, 'before' | 'cursor'>;

/** A project's conversations: threads newest first, each with its turns (the asks answered in it). */
export class Threads {
  constructor(private readonly t: Transport) {}

  /** One page of threads, newest first. */
  page(projectId: string, options: ThreadPageOptions = {}): AskflowPromise<WithRequestId<ThreadList>> {
    const query = new URLSearchParams();
    if (options.limit !== undefined) query.set('limit', String(options.limit));
    if (options.cursor !== undefined) query.set('cursor', options.cursor);
    if (options.before !== undefined) query.set('before', typeof options.before === 'string' ? options.before : options.before.toISOString());
    if (options.search !== undefined) query.set('search', options.search);
    const search = query.toString() ? `?${query.toString()}` : '';
    return manageCall(this.t, { method: 'GET', path: `${projectPath(projectId, 'threads')}${search}`, signal: options.signal }, ThreadListSchema, 'thread list');
  }

  /**
   * Every thread, newest first, fetched a page at a time as the loop goes on:
   * `for await (const thread of admin.threads.list(projectId)) …`. Stopping the loop fetches no more.
   */
  async *list(projectId: string, options: ThreadListOptions = {}): AsyncGenerator<ThreadSummary, void, undefined> {
    let cursor: string | null = null;
    do {
      const page: ThreadList = await this.page(projectId, { ...options, ...(cursor !== null ? { cursor } : {}) });
      yield* page.threads;
      cursor = page.nextCursor;
    } while (cursor !== null);
  }

  /** A thread's turns, oldest first, with each turn's usage, cost, latency and feedback. */
  get(projectId: string, threadId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<ThreadTurns>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'threads', threadId), signal: options.signal }, ThreadTurnsSchema, 'thread');
  }

  /** A thread's turns, oldest first, as an async iterator. */
  async *turns(projectId: string, threadId: string, options: CallOptions = {}): AsyncGenerator<TurnView, void, undefined> {
    const { turns } = await this.get(projectId, threadId, options);
    yield* turns;
  }

  /** Erases the thread, its turns and feedback, and its asks' Temporal histories. */
  delete(projectId: string, threadId: string, options: CallOptions = {}): AskflowPromise<void> {
    return manageDelete(this.t, projectPath(projectId, 'threads', threadId), options);
  }
}
