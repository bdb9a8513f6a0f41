import type { BudgetLimits, ThreadConcurrency } from '@askflow/contract';
import { inTransaction, retryingLostRaces, type Pool } from './pool.js';

/** A project's configuration as the api and activities use it. */
export interface Project {
  id: string;
  ownerId: string | null;
  name: string;
  chatModel: string;
  temperature: number;
  systemPrompt: string;
  toolsEnabled: boolean;
  ragEnabled: boolean;
  modelSwitching: boolean;
  voiceModel: string | null;
  historyTokenBudget: number;
  maxToolRounds: number;
  /** Models that answer in turn when the default's provider keeps failing. */
  fallbackModels: string[];
  rateLimitPerMinute: number | null;
  keyRateLimitPerMinute: number | null;
  /** Fixed per project: chunks and questions are embedded with the same model. */
  embeddingModel: string;
  ragTopK: number;
  /** Least cosine similarity for a chunk found only by vector search. */
  ragMinScore: number;
  chunkTokens: number;
  chunkOverlap: number;
  /** Hosts the project's tools and knowledge URLs may reach (`*.example.com`, `host:port`); empty: any. */
  allowedHosts: string[];
  /** Message and answer text on trace spans (opt-in; off by default). */
  traceContent: boolean;
  /** What an ask on a busy thread does. */
  threadConcurrency: ThreadConcurrency;
  /** Token and cost caps (`{}` when none were ever set: read through limitsOf). */
  budget: Partial<BudgetLimits>;
}

export type ProjectSettings = Partial<Omit<Project, 'id' | 'ownerId'>>;

const COLUMNS: Record<keyof Omit<Project, 'id'>, string> = {
  ownerId: 'owner_id',
  name: 'name',
  chatModel: 'chat_model',
  temperature: 'temperature',
  systemPrompt: 'system_prompt',
  toolsEnabled: 'tools_enabled',
  ragEnabled: 'rag_enabled',
  modelSwitching: 'model_switching',
  voiceModel: 'voice_model',
  historyTokenBudget: 'history_token_budget',
  maxToolRounds: 'max_tool_rounds',
  fallbackModels: 'fallback_models',
  rateLimitPerMinute: 'rate_limit_per_minute',
  keyRateLimitPerMinute: 'key_rate_limit_per_minute',
  embeddingModel: 'embedding_model',
  ragTopK: 'rag_top_k',
  ragMinScore: 'rag_min_score',
  chunkTokens: 'chunk_tokens',
  chunkOverlap: 'chunk_overlap',
  allowedHosts: 'allowed_hosts',
  traceContent: 'trace_content',
  threadConcurrency: 'thread_concurrency',
  budget: 'budget',
};

const SELECT = ['id', ...Object.entries(COLUMNS).map(([field, column]) => `${column} AS "${field}"`)].join(', ');

/** A Project's columns as a select list, for queries that read one beside other rows (no other table's columns may share their names). */
export const PROJECT_SELECT = SELECT;

export async function createProject(pool: Pool, name: string, ownerId: string | null = null): Promise<Project> {
  const { rows } = await pool.query<Project>(`INSERT INTO projects (name, owner_id) VALUES ($1, $2) RETURNING ${SELECT}`, [name, ownerId]);
  return rows[0]!;
}

export async function getProject(pool: Pool, id: string): Promise<Project | null> {
  const { rows } = await pool.query<Project>(`SELECT ${SELECT} FROM projects WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The owner's project, or null: another owner's project is indistinguishable from a missing one. */
export async function getOwnedProject(pool: Pool, ownerId: string, id: string): Promise<Project | null> {
  const { rows } = await pool.query<Project>(`SELECT ${SELECT} FROM projects WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
  return rows[0] ?? null;
}

export async function listProjects(pool: Pool, ownerId: string): Promise<Project[]> {
  const { rows } = await pool.query<Project>(`SELECT ${SELECT} FROM projects WHERE owner_id = $1 ORDER BY created_at`, [ownerId]);
  return rows;
}

export async function findProjectByName(pool: Pool, name: string): Promise<Project | null> {
  const { rows } = await pool.query<Project>(`SELECT ${SELECT} FROM projects WHERE name = $1 ORDER BY created_at LIMIT 1`, [name]);
  return rows[0] ?? null;
}

export async function updateProject(pool: Pool, id: string, settings: ProjectSettings): Promise<Project> {
  const entries = Object.entries(settings).filter(([, v]) => v !== undefined) as [keyof typeof COLUMNS, unknown][];
  if (entries.length === 0) return (await getProject(pool, id))!;
  const sets = entries.map(([field], i) => `${COLUMNS[field]} = $${i + 2}`);
  const { rows } = await pool.query<Project>(
    `UPDATE projects SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 RETURNING ${SELECT}`,
    [id, ...entries.map(([, v]) => v)],
  );
  return rows[0]!;
}

export async function deleteProject(pool: Pool, id: string): Promise<void> {
  await retryingLostRaces(() => pool.query(`DELETE FROM projects WHERE id = $1`, [id]));
}

/** The curated menu in the owner's order (without the default unless the owner put it there). */
export async function getMenu(pool: Pool, projectId: string): Promise<string[]> {
  const { rows } = await pool.query<{ menu: string[] }>(`SELECT ${menuOf('$1')} AS menu`, [projectId]);
  return rows[0]!.menu;
}

/** The menu of the project (the placeholder or column given) as an SQL text[] expression, for statements that read it beside other rows. */
export function menuOf(projectId: string): string {
  return `ARRAY(SELECT model_id FROM project_models WHERE project_id = ${projectId} ORDER BY position)`;
}

export async function setMenu(pool: Pool, projectId: string, modelIds: string[]): Promise<void> {
  await inTransaction(pool, async (tx) => {
    await tx.query(`DELETE FROM project_models WHERE project_id = $1`, [projectId]);
    await tx.query(
      `INSERT INTO project_models (project_id, model_id, position) SELECT $1, m, o FROM unnest($2::text[]) WITH ORDINALITY AS t(m, o)`,
      [projectId, modelIds],
    );
  });
}

export async function setProjectOwner(pool: Pool, id: string, ownerId: string): Promise<void> {
  await pool.query(`UPDATE projects SET owner_id = $2, updated_at = now() WHERE id = $1`, [id, ownerId]);
}
