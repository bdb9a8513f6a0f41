import type { Price, ProviderConnectionView } from '@askflow/contract';
import { readyDocumentsOf } from './documents.js';
import type { Pool } from './pool.js';
import { PRICE_SELECT } from './prices.js';
import { PROJECT_SELECT, type Project } from './projects.js';
import { PROVIDER_VIEW_SELECT } from './providers.js';
import { TOOL_SELECT, type Tool } from './tools.js';

/** What an ask's plan is made from, as the project stands now. */
export interface PlanRows {
  project: Project | null;
  /** Whether any document has chunks to search. */
  hasDocuments: boolean;
  /** By name. */
  tools: Tool[];
  /** The project's own connections, by name (never their keys). */
  connections: ProviderConnectionView[];
  /** The price of `modelId` (null: none set); undefined when no model was given. */
  price: Omit<Price, 'modelId'> | null | undefined;
}

/**
 * The project, whether it has searchable documents, its tools, its connections and a model's
 * price, in one statement: one round trip, and one write and one read on the socket, where five
 * queries side by side cost five of each (every ask starts here). The rows travel as JSON, whose
 * numbers, arrays and objects are what the columns' own types read as.
 */
export async function readPlanRows(pool: Pool, projectId: string, modelId?: string): Promise<PlanRows> {
  const { rows } = await pool.query<Omit<PlanRows, 'price'> & { price: PlanRows['price'] }>(
    `SELECT (SELECT to_jsonb(p) FROM (SELECT ${PROJECT_SELECT} FROM projects WHERE id = $1) p) AS project,
            ${readyDocumentsOf('$1')} AS "hasDocuments",
            (SELECT coalesce(jsonb_agg(t ORDER BY t.name), '[]') FROM (SELECT ${TOOL_SELECT} FROM tools WHERE project_id = $1) t) AS tools,
            (SELECT coalesce(jsonb_agg(c ORDER BY c.name), '[]')
               FROM (SELECT ${PROVIDER_VIEW_SELECT} FROM provider_connections WHERE project_id = $1) c) AS connections,
            (SELECT to_jsonb(m) FROM (${PRICE_SELECT} WHERE project_id = $1 AND model_id = $2) m) AS price`,
    [projectId, modelId ?? null],
  );
  const row = rows[0]!;
  return { ...row, price: modelId === undefined ? undefined : row.price };
}
