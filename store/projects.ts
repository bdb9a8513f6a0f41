import type { Pool } from './pool.js';

export interface Project {
  id: string;
  name: string;
  chatModel: string;
  temperature: number;
  systemPrompt: string;
  toolsEnabled: boolean;
  ragEnabled: boolean;
}

const COLUMNS = `id, name, chat_model AS "chatModel", temperature, system_prompt AS "systemPrompt",
  tools_enabled AS "toolsEnabled", rag_enabled AS "ragEnabled"`;

export async function createProject(pool: Pool, name: string): Promise<Project> {
  const { rows } = await pool.query<Project>(`INSERT INTO projects (name) VALUES ($1) RETURNING ${COLUMNS}`, [name]);
  return rows[0]!;
}

export async function getProject(pool: Pool, id: string): Promise<Project | null> {
  const { rows } = await pool.query<Project>(`SELECT ${COLUMNS} FROM projects WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findProjectByName(pool: Pool, name: string): Promise<Project | null> {
  const { rows } = await pool.query<Project>(`SELECT ${COLUMNS} FROM projects WHERE name = $1 ORDER BY created_at LIMIT 1`, [name]);
  return rows[0] ?? null;
}
