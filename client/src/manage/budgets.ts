import { BudgetViewSchema, type BudgetUpdate, type BudgetView } from '@askflow/contract/browser';
import type { AskflowPromise, WithRequestId } from '../apiPromise.js';
import type { Transport } from '../transport.js';
import { manageCall, projectPath, type CallOptions } from './caller.js';

/** Caps on tokens and cost per UTC day and month, for a project or one of its keys; an ask past one is refused (`BudgetExceededError`). */
export class Budgets {
  constructor(private readonly t: Transport) {}

  get(projectId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<BudgetView>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'budget'), signal: options.signal }, BudgetViewSchema, 'budget');
  }

  /** Replaces the project's caps: a cap left out (or null) is removed. */
  set(projectId: string, caps: BudgetUpdate, options: CallOptions = {}): AskflowPromise<WithRequestId<BudgetView>> {
    return manageCall(this.t, { method: 'PUT', path: projectPath(projectId, 'budget'), body: caps, signal: options.signal }, BudgetViewSchema, 'budget');
  }

  getForKey(projectId: string, keyId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<BudgetView>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'keys', keyId, 'budget'), signal: options.signal }, BudgetViewSchema, 'budget');
  }

  setForKey(projectId: string, keyId: string, caps: BudgetUpdate, options: CallOptions = {}): AskflowPromise<WithRequestId<BudgetView>> {
    return manageCall(this.t, { method: 'PUT', path: projectPath(projectId, 'keys', keyId, 'budget'), body: caps, signal: options.signal }, BudgetViewSchema, 'budget');
  }
}
