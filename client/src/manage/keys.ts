import { ApiKeyListSchema, CreatedApiKeySchema, type ApiKeyCreate, type ApiKeyList, type CreatedApiKey } from '@askflow/contract/browser';
import type { AskflowPromise, WithRequestId } from '../apiPromise.js';
import type { Transport } from '../transport.js';
import { manageCall, manageDelete, projectPath, type CallOptions } from './caller.js';

/** A project's API keys: `key` is in the answer to `create` only (the service keeps a digest). */
export class Keys {
  constructor(private readonly t: Transport) {}

  list(projectId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<ApiKeyList>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'keys'), signal: options.signal }, ApiKeyListSchema, 'key list');
  }

  /** A new `askflow_live_…` or `askflow_test_…` key; keep `key` now, it is never shown again. */
  create(projectId: string, key: ApiKeyCreate, options: CallOptions = {}): AskflowPromise<WithRequestId<CreatedApiKey>> {
    return manageCall(this.t, { method: 'POST', path: projectPath(projectId, 'keys'), body: key, signal: options.signal }, CreatedApiKeySchema, 'new key');
  }

  /** The key is refused from then on. */
  revoke(projectId: string, keyId: string, options: CallOptions = {}): AskflowPromise<void> {
    return manageDelete(this.t, projectPath(projectId, 'keys', keyId), options);
  }
}
