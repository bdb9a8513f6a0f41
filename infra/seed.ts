import { existsSync, readFileSync } from 'node:fs';
import { createApiKey, findActiveKey } from '../store/apiKeys.js';
import type { Pool } from '../store/pool.js';
import { createProject, findProjectByName } from '../store/projects.js';

export const DEMO_PROJECT_NAME = 'Demo project';

export interface DemoCredentials {
  tenantId: string;
  apiKey: string;
}

/**
 * The demo project and a test key for it. Keys are stored only as hashes, so the key written
 * to dev.json last time is reused while it still works; otherwise a new one is made.
 */
export async function seedDemoProject(pool: Pool, devJsonPath: string): Promise<DemoCredentials> {
  const project = (await findProjectByName(pool, DEMO_PROJECT_NAME)) ?? (await createProject(pool, DEMO_PROJECT_NAME));
  if (existsSync(devJsonPath)) {
    const previous = JSON.parse(readFileSync(devJsonPath, 'utf8')) as { apiKey?: string };
    const key = previous.apiKey ? await findActiveKey(pool, previous.apiKey) : null;
    if (key && key.projectId === project.id) return { tenantId: project.id, apiKey: previous.apiKey! };
  }
  const { key } = await createApiKey(pool, project.id, 'test', 'npm start demo key');
  return { tenantId: project.id, apiKey: key };
}
