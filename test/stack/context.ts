import pg from 'pg';
import { Client, Connection } from '@temporalio/client';
import type { TestStackInfo } from '../../infra/testStack.js';
import { createApiKey, type KeyMode } from '../../store/apiKeys.js';
import { createProject } from '../../store/projects.js';
import { askflowDataConverter } from '../../codec/dataConverter.js';

/** The running test stack (started by globalSetup). */
export function stackInfo(): TestStackInfo {
  const raw = process.env.ASKFLOW_TEST_STACK;
  if (!raw) throw new Error('ASKFLOW_TEST_STACK is not set: run the suite with `npm test`');
  return JSON.parse(raw) as TestStackInfo;
}

let pool: pg.Pool | null = null;
/** Direct database access, to assert what was (and was not) written. */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: stackInfo().databaseUrl, max: 4 });
  return pool;
}

export async function closeDb(): Promise<void> {
  await pool?.end();
  pool = null;
}

export interface TestProject {
  tenantId: string;
  apiKey: string;
}

/** A fresh project with one key: each test file works in its own tenant. */
export async function newProject(name = 'test project', mode: KeyMode = 'test'): Promise<TestProject> {
  const project = await createProject(db(), name);
  const { key } = await createApiKey(db(), project.id, mode);
  return { tenantId: project.id, apiKey: key };
}

export async function temporalClient(): Promise<{ client: Client; close(): Promise<void> }> {
  const info = stackInfo();
  const connection = await Connection.connect({ address: info.temporalAddress });
  // The stack's payloads are encrypted: this client holds the same keys as its api and worker.
  const dataConverter = askflowDataConverter({ ASKFLOW_MASTER_KEY: info.masterKey });
  return { client: new Client({ connection, namespace: info.temporalNamespace, dataConverter }), close: () => connection.close() };
}

export async function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${stackInfo().baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function call(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(`${stackInfo().baseUrl}${path}`, {
    method,
    headers: { ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
}

let owners = 0;
/** A new owner account through the management API; returns its bearer token. */
export async function signUp(): Promise<{ email: string; password: string; token: string }> {
  const email = `owner${process.pid}-${++owners}-${Date.now()}@example.test`;
  const password = 'correct horse battery';
  const res = await call('POST', '/manage/signup', { body: { email, password } });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { email, password, token };
}

/** A management API call as the owner holding `token`. */
export async function manage(token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return call(method, `/manage${path}`, { headers: { Authorization: `Bearer ${token}` }, ...(body !== undefined ? { body } : {}) });
}

/** Response JSON, failing loudly with the body when the status is not the expected one. */
export async function expectJson<T = Record<string, unknown>>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A project owned by a new owner, with a key, made entirely through the management API. */
export async function managedProject(settings: Record<string, unknown> = {}, mode: KeyMode = 'test') {
  const owner = await signUp();
  const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'managed', ...settings }), 201);
  const { key } = await expectJson<{ key: string }>(await manage(owner.token, 'POST', `/projects/${project.id}/keys`, { mode }), 201);
  return { owner, tenantId: project.id, apiKey: key };
}

export async function ask(p: { tenantId: string; apiKey: string }, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return postJson('/service/ask', { tenantId: p.tenantId, ...body }, { 'X-API-Key': p.apiKey, ...headers });
}
