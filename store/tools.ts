import type { Pool } from './pool.js';

export interface Tool {
  id: string;
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  url: string;
  method: 'POST' | 'PUT' | 'PATCH';
  timeoutMs: number;
  forwardHeaders: string[];
}

export type ToolInput = Omit<Tool, 'id'>;

/** A Tool's columns as a select list, also for statements that read tools beside other rows. */
export const TOOL_SELECT = `id, name, description, parameters, url, method, timeout_ms AS "timeoutMs", forward_headers AS "forwardHeaders"`;

export async function listTools(pool: Pool, projectId: string): Promise<Tool[]> {
  const { rows } = await pool.query<Tool>(`SELECT ${TOOL_SELECT} FROM tools WHERE project_id = $1 ORDER BY name`, [projectId]);
  return rows;
}

export async function getTool(pool: Pool, projectId: string, id: string): Promise<Tool | null> {
  const { rows } = await pool.query<Tool>(`SELECT ${TOOL_SELECT} FROM tools WHERE project_id = $1 AND id = $2`, [projectId, id]);
  return rows[0] ?? null;
}

export async function findToolByName(pool: Pool, projectId: string, name: string): Promise<Tool | null> {
  const { rows } = await pool.query<Tool>(`SELECT ${TOOL_SELECT} FROM tools WHERE project_id = $1 AND name = $2`, [projectId, name]);
  return rows[0] ?? null;
}

/** Null when the name is taken in the project. */
export async function createTool(pool: Pool, projectId: string, t: ToolInput): Promise<Tool | null> {
  const { rows } = await pool.query<Tool>(
    `INSERT INTO tools (project_id, name, description, parameters, url, method, timeout_ms, forward_headers)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (project_id, name) DO NOTHING RETURNING ${TOOL_SELECT}`,
    [projectId, t.name, t.description, JSON.stringify(t.parameters), t.url, t.method, t.timeoutMs, t.forwardHeaders],
  );
  return rows[0] ?? null;
}

export async function updateTool(pool: Pool, projectId: string, id: string, t: ToolInput): Promise<Tool | null> {
  const { rows } = await pool.query<Tool>(
    `UPDATE tools SET name = $3, description = $4, parameters = $5, url = $6, method = $7, timeout_ms = $8, forward_headers = $9, updated_at = now()
      WHERE project_id = $1 AND id = $2 RETURNING ${TOOL_SELECT}`,
    [projectId, id, t.name, t.description, JSON.stringify(t.parameters), t.url, t.method, t.timeoutMs, t.forwardHeaders],
  );
  return rows[0] ?? null;
}

export async function deleteTool(pool: Pool, projectId: string, id: string): Promise<boolean> {
  const { rowCount } = await pool.query(`DELETE FROM tools WHERE project_id = $1 AND id = $2`, [projectId, id]);
  return rowCount === 1;
}
