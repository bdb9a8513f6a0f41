import pg from 'pg';
import { Client, Connection } from '@temporalio/client';
import type { TestStackInfo } from '../../infra/testStack.js';
import { createApiKey, type KeyMode } from '../../store/apiKeys.js';
import { createProject } from '../../store/projects.js';

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
  return { client: new Client({ connection, namespace: info.temporalNamespace }), close: () => connection.close() };
}

export async function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${stackInfo().baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
