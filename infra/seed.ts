import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { hash } from '@node-rs/argon2';
import { createApiKey, findActiveKeyWithProject } from '../store/apiKeys.js';
import { createOwner, createOwnerToken, findOwnerByEmail, findOwnerByToken } from '../store/owners.js';
import type { Pool } from '../store/pool.js';
import { createProject, findProjectByName, setProjectOwner } from '../store/projects.js';

export const DEMO_PROJECT_NAME = 'Demo project';
export const DEMO_OWNER_EMAIL = 'demo@askflow.local';

export interface DemoCredentials {
  tenantId: string;
  apiKey: string;
  owner: { email: string; password: string | null; token: string };
}

function readJson(path: string): Record<string, string> {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};
}

/**
 * The demo owner, their demo project and a test key. Keys and passwords are stored only as
 * hashes, so what dev.json / owner.json hold from last time is reused while it still works.
 */
export async function seedDemo(pool: Pool, devJsonPath: string, ownerJsonPath: string): Promise<DemoCredentials> {
  const previousOwner = readJson(ownerJsonPath);
  let owner = previousOwner.token ? await findOwnerByToken(pool, previousOwner.token) : null;
  let ownerCreds: DemoCredentials['owner'];
  if (owner && previousOwner.token) {
    ownerCreds = { email: owner.email, password: previousOwner.password ?? null, token: previousOwner.token };
  } else {
    const password = randomBytes(12).toString('base64url');
    const existing = await findOwnerByEmail(pool, DEMO_OWNER_EMAIL);
    if (existing) await pool.query(`UPDATE owners SET password_hash = $2 WHERE id = $1`, [existing.id, await hash(password)]);
    const id = existing?.id ?? (await createOwner(pool, DEMO_OWNER_EMAIL, await hash(password)))!.id;
    const { token } = await createOwnerToken(pool, id, 'npm start');
    owner = { id, email: DEMO_OWNER_EMAIL, tokenId: '' };
    ownerCreds = { email: DEMO_OWNER_EMAIL, password, token };
  }

  let project = await findProjectByName(pool, DEMO_PROJECT_NAME);
  project ??= await createProject(pool, DEMO_PROJECT_NAME, owner.id);
  if (project.ownerId !== owner.id) await setProjectOwner(pool, project.id, owner.id);

  const previous = readJson(devJsonPath);
  const found = previous.apiKey ? await findActiveKeyWithProject(pool, previous.apiKey) : null;
  if (found && found.project.id === project.id) return { tenantId: project.id, apiKey: previous.apiKey!, owner: ownerCreds };
  const { key: apiKey } = await createApiKey(pool, project.id, 'test', 'npm start demo key');
  return { tenantId: project.id, apiKey, owner: ownerCreds };
}
