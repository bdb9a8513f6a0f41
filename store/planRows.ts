import type { Price, ProviderConnectionView } from '@askflow/contract';
import { readyDocumentsOf } from './documents.js';
import { preparedStatement, type Pool } from './pool.js';
import { PRICE_COLUMNS } from './prices.js';
import { PROJECT_SELECT, type Project } from './projects.js';
import { PROVIDER_VERSION, PROVIDER_VIEW_SELECT } from './providers.js';
import { TOOL_SELECT, type Tool } from './tools.js';

/** What an ask's plan is made from, as the project stands now. */
export interface PlanRows {
  project: Project | null;
  /** Whether any document has chunks to search. */
  hasDocuments: boolean;
  /** By name. */
  tools: Tool[];
  /** The project's own connections, by name (never their keys), each with its version (store/providers.ts). */
  connections: (ProviderConnectionView & { version: string })[];
  /** The prices set for the models the ask may use (the one asked for, else the chat model, and the fallbacks), by model id; a model without one is absent. */
  prices: Record<string, Omit<Price, 'modelId'>>;
}

/** Every ask's plan starts here: prepared once per connection (store/pool.ts). */
const READ_PLAN_ROWS = preparedStatement(
  `SELECT (SELECT to_jsonb(p) FROM (SELECT ${PROJECT_SELECT} FROM projects WHERE id = $1) p) AS project,
          ${readyDocumentsOf('$1')} AS "hasDocuments",
          (SELECT coalesce(jsonb_agg(t ORDER BY t.name), '[]') FROM (SELECT ${TOOL_SELECT} FROM tools WHERE project_id = $1) t) AS tools,
          (SELECT coalesce(jsonb_agg(c ORDER BY c.name), '[]')
             FROM (SELECT ${PROVIDER_VIEW_SELECT}, ${PROVIDER_VERSION} AS version FROM provider_connections WHERE project_id = $1) c) AS connections,
          (SELECT coalesce(jsonb_object_agg(m."modelId", to_jsonb(m) - 'modelId'), '{}')
             FROM (SELECT ${PRICE_COLUMNS} FROM model_prices
                    WHERE project_id = $1
                      AND model_id = ANY(ARRAY[$2::text] || (SELECT chat_model || fallback_models FROM projects WHERE id = $1))) m) AS prices`,
);

/**
 * The project, whether it has searchable documents, its tools, its connections and the prices of
 * the models an ask for `modelId` (default: the chat model) may be answered by, in one statement: one round trip, and one write and one read on the socket, where five
 * queries side by side cost five of each (every ask starts here). The rows travel as JSON, whose
 * numbers, arrays and objects are what the columns' own types read as.
 */
export async function readPlanRows(pool: Pool, projectId: string, modelId?: string): Promise<PlanRows> {
  const { rows } = await pool.query<PlanRows>(READ_PLAN_ROWS([projectId, modelId ?? null]));
  return rows[0]!;
}
