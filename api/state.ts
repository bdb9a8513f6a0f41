import type { DocumentView, WebhookView } from '@askflow/contract';
import type { ParameterizedContext } from 'koa';
import type { AuthenticatedKey } from '../store/apiKeys.js';
import type { Owner } from '../store/owners.js';
import type { Project } from '../store/projects.js';
import type { Tool } from '../store/tools.js';
import type { StepTimer } from './stepTimer.js';

/**
 * Everything the api's middleware leaves in `ctx.state`, each field set once per request:
 * `requestId` by requestId(), `timing` by serverTiming(), `owner` by ownerAuth(), `apiKey`, its `project` and
 * the project's `menu` by apiKeyAuth() on service routes, and on management routes the owned resources their path
 * names, loaded by the router's `param` handlers (`:id` → project, `:toolId` → tool,
 * `:docId` → document, `:threadId` → threadId, `:webhookId` → webhook).
 */
export interface AppState {
  requestId: string;
  /** The request's step timings (serverTiming()), sent back as `Server-Timing`. */
  timing: StepTimer;
  /** The signed-in owner and the token (bearer or session cookie) the request came with. */
  owner: Owner & { tokenId: string };
  apiKey: AuthenticatedKey;
  project: Project;
  /** The project's model menu, read with the key (apiKeyAuth()). */
  menu: string[];
  tool: Tool;
  document: DocumentView;
  threadId: string;
  webhook: WebhookView;
}

/** The part of AppState a handler can count on: the request id always, plus the fields K. */
export type State<K extends keyof AppState = never> = Pick<AppState, 'requestId' | 'timing' | K>;

/** A Koa context whose state holds the request id plus K. */
export type StateContext<K extends keyof AppState = never> = ParameterizedContext<State<K>>;

/** The fields a route's own `param` handlers add to its router's state: `router.get<Loaded<'tool'>>(…)`. */
export type Loaded<K extends keyof AppState> = Pick<AppState, K>;
