import {
  SigningSecretSchema,
  ToolListSchema,
  ToolSchema,
  ToolTestResultSchema,
  type RotateSecret,
  type SigningSecretView,
  type ToolCreate,
  type ToolList,
  type ToolTestResult,
  type ToolView,
} from '@askflow/contract/browser';
import type { AskflowPromise, WithRequestId } from '../apiPromise.js';
import type { Transport } from '../transport.js';
import { manageCall, manageDelete, projectPath, type CallOptions } from './caller.js';

/** A project's tools: HTTP endpoints of yours that an ask may call, signed with the project's signing secret. */
export class Tools {
  constructor(private readonly t: Transport) {}

  list(projectId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<ToolList>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'tools'), signal: options.signal }, ToolListSchema, 'tool list');
  }

  create(projectId: string, tool: ToolCreate, options: CallOptions = {}): AskflowPromise<WithRequestId<ToolView>> {
    return manageCall(this.t, { method: 'POST', path: projectPath(projectId, 'tools'), body: tool, signal: options.signal }, ToolSchema, 'tool');
  }

  get(projectId: string, toolId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<ToolView>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'tools', toolId), signal: options.signal }, ToolSchema, 'tool');
  }

  /** Replaces the whole definition. */
  replace(projectId: string, toolId: string, tool: ToolCreate, options: CallOptions = {}): AskflowPromise<WithRequestId<ToolView>> {
    return manageCall(this.t, { method: 'PUT', path: projectPath(projectId, 'tools', toolId), body: tool, signal: options.signal }, ToolSchema, 'tool');
  }

  delete(projectId: string, toolId: string, options: CallOptions = {}): AskflowPromise<void> {
    return manageDelete(this.t, projectPath(projectId, 'tools', toolId), options);
  }

  /** One signed call to the tool now, as an ask would make it (the console's "send test call"). */
  test(projectId: string, toolId: string, args: Record<string, unknown> = {}, options: CallOptions = {}): AskflowPromise<WithRequestId<ToolTestResult>> {
    return manageCall(this.t, { method: 'POST', path: projectPath(projectId, 'tools', toolId, 'test'), body: { arguments: args }, signal: options.signal }, ToolTestResultSchema, 'tool test');
  }

  /** The secret tools verify calls with (`verifyToolCalls({ secret })`); made on first read. */
  signingSecret(projectId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<SigningSecretView>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'signing-secret'), signal: options.signal }, SigningSecretSchema, 'signing secret');
  }

  /** A new signing secret; the old one keeps signing beside it for `graceSeconds` (default one day). */
  rotateSigningSecret(projectId: string, rotate: RotateSecret = {}, options: CallOptions = {}): AskflowPromise<WithRequestId<SigningSecretView>> {
    return manageCall(this.t, { method: 'POST', path: projectPath(projectId, 'signing-secret', 'rotate'), body: rotate, signal: options.signal }, SigningSecretSchema, 'signing secret');
  }
}
