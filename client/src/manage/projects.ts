import {
  ProjectListSchema,
  ProjectSchema,
  ProviderConnectionListSchema,
  type ProjectCreate,
  type ProjectList,
  type ProjectPatch,
  type ProjectView,
  type ProviderConnectionInput,
  type ProviderConnectionList,
} from '@askflow/contract/browser';
import type { AskflowPromise, WithRequestId } from '../apiPromise.js';
import type { Transport } from '../transport.js';
import { manageCall, manageDelete, projectPath, type CallOptions } from './caller.js';

/** Projects (tenants): a project's `id` is the Tenant ID apps ask with. */
export class Projects {
  constructor(private readonly t: Transport) {}

  list(options: CallOptions = {}): AskflowPromise<WithRequestId<ProjectList>> {
    return manageCall(this.t, { method: 'GET', path: '/manage/projects', signal: options.signal }, ProjectListSchema, 'project list');
  }

  /** A new project; any setting (model, prompts, Tools/RAG switches, thread policy…) may be given now or later with `update`. */
  create(project: ProjectCreate, options: CallOptions = {}): AskflowPromise<WithRequestId<ProjectView>> {
    return manageCall(this.t, { method: 'POST', path: '/manage/projects', body: project, signal: options.signal }, ProjectSchema, 'project');
  }

  get(projectId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<ProjectView>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId), signal: options.signal }, ProjectSchema, 'project');
  }

  /** Changes the settings given, leaves the rest. */
  update(projectId: string, patch: ProjectPatch, options: CallOptions = {}): AskflowPromise<WithRequestId<ProjectView>> {
    return manageCall(this.t, { method: 'PATCH', path: projectPath(projectId), body: patch, signal: options.signal }, ProjectSchema, 'project');
  }

  /** Deletes the project with its keys, threads, knowledge and Temporal histories. */
  delete(projectId: string, options: CallOptions = {}): AskflowPromise<void> {
    return manageDelete(this.t, projectPath(projectId), options);
  }

  /** The project's model provider connections (their keys never shown, only `hasApiKey`). */
  providers(projectId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<ProviderConnectionList>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'providers'), signal: options.signal }, ProviderConnectionListSchema, 'provider list');
  }

  /** Creates or replaces the connection `name` (the provider part of model ids, e.g. `openai` in `openai:gpt-4o-mini`). */
  setProvider(projectId: string, name: string, connection: ProviderConnectionInput, options: CallOptions = {}): AskflowPromise<WithRequestId<ProviderConnectionList>> {
    return manageCall(this.t, { method: 'PUT', path: projectPath(projectId, 'providers', name), body: connection, signal: options.signal }, ProviderConnectionListSchema, 'provider list');
  }

  removeProvider(projectId: string, name: string, options: CallOptions = {}): AskflowPromise<void> {
    return manageDelete(this.t, projectPath(projectId, 'providers', name), options);
  }
}
