import { OwnerTokenSchema, type Credentials, type OwnerToken } from '@askflow/contract/browser';
import type { AskflowPromise, WithRequestId } from '../apiPromise.js';
import { requireString, transportFrom, type ClientOptions } from '../options.js';
import type { Transport } from '../transport.js';
import { Analytics } from './analytics.js';
import { Budgets } from './budgets.js';
import { manageCall, manageDelete } from './caller.js';
import { Keys } from './keys.js';
import { Knowledge } from './knowledge.js';
import { Projects } from './projects.js';
import { Threads } from './threads.js';
import { Tools } from './tools.js';

export interface AskflowManagementClientOptions extends ClientOptions {
  /** An owner token (`askflow_owner_…`): from `AskflowManagementClient.signIn`, or `.askflow/owner.json` of `npm start`. */
  token: string;
}

/**
 * Scripts what a project owner does in the console, through the management API: projects,
 * API keys, tools, knowledge, budgets, conversations and analytics. Every answer is checked
 * against the contract's schema and typed from it.
 */
export class AskflowManagementClient {
  readonly baseUrl: string;
  /** The owner token this client calls with (from `signIn`/`signUp`, or as given). */
  readonly token: string;
  readonly projects: Projects;
  readonly keys: Keys;
  readonly tools: Tools;
  readonly knowledge: Knowledge;
  readonly budgets: Budgets;
  readonly threads: Threads;
  readonly analytics: Analytics;
  readonly #transport: Transport;

  constructor(options: AskflowManagementClientOptions) {
    const token = requireString('AskflowManagementClient', options?.token, 'token', 'an askflow_owner_… token: AskflowManagementClient.signIn() gives one');
    const t = transportFrom('AskflowManagementClient', options, 'owner token', { Authorization: `Bearer ${token}` });
    this.#transport = t;
    this.baseUrl = t.baseUrl;
    this.token = token;
    this.projects = new Projects(t);
    this.keys = new Keys(t);
    this.tools = new Tools(t);
    this.knowledge = new Knowledge(t);
    this.budgets = new Budgets(t);
    this.threads = new Threads(t);
    this.analytics = new Analytics(t);
  }

  /** Signs in with the owner's email and password (a new token each time) and returns a client holding the token. */
  static async signIn(credentials: Credentials, options: Omit<AskflowManagementClientOptions, 'token'> = {}): Promise<AskflowManagementClient> {
    const { token } = await ownerToken('/manage/tokens', credentials, options);
    return new AskflowManagementClient({ ...options, token });
  }

  /** Creates an owner account (password of at least 10 characters) and returns a client signed in as it. */
  static async signUp(credentials: Credentials, options: Omit<AskflowManagementClientOptions, 'token'> = {}): Promise<AskflowManagementClient> {
    const { token } = await ownerToken('/manage/signup', credentials, options);
    return new AskflowManagementClient({ ...options, token });
  }

  /** Revokes this client's token: every later call is refused with `AuthenticationError`. */
  signOut(): AskflowPromise<void> {
    return manageDelete(this.#transport, '/manage/tokens/current');
  }
}

function ownerToken(path: string, credentials: Credentials, options: ClientOptions): AskflowPromise<WithRequestId<OwnerToken>> {
  const t = transportFrom('AskflowManagementClient', options, 'owner password', {});
  return manageCall(t, { method: 'POST', path, body: credentials }, OwnerTokenSchema, 'owner token');
}
