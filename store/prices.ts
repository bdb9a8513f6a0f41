import type { Price } from '@askflow/contract';
import { inTransaction, type Pool } from './pool.js';

/** A price's columns as a select list (`Price`'s fields), for statements that read prices beside other rows. */
export const PRICE_COLUMNS = `model_id AS "modelId", input_per_million::float8 AS "inputPerMillion", output_per_million::float8 AS "outputPerMillion"`;

export async function listPrices(pool: Pool, projectId: string): Promise<Price[]> {
  const { rows } = await pool.query<Price>(`SELECT ${PRICE_COLUMNS} FROM model_prices WHERE project_id = $1 ORDER BY model_id`, [projectId]);
  return rows;
}

/** Replaces the whole price table atomically. */
export async function replacePrices(pool: Pool, projectId: string, prices: Price[]): Promise<void> {
  await inTransaction(pool, async (tx) => {
    await tx.query(`DELETE FROM model_prices WHERE project_id = $1`, [projectId]);
    await tx.query(
      `INSERT INTO model_prices (project_id, model_id, input_per_million, output_per_million)
       SELECT $1, m, i, o FROM unnest($2::text[], $3::numeric[], $4::numeric[]) AS t(m, i, o)`,
      [projectId, prices.map((p) => p.modelId), prices.map((p) => p.inputPerMillion), prices.map((p) => p.outputPerMillion)],
    );
  });
}

/** USD for one turn at these prices; zero when the model has none. */
export function turnCost(price: Omit<Price, 'modelId'> | null, promptTokens: number, completionTokens: number): number {
  if (!price) return 0;
  return (promptTokens * price.inputPerMillion + completionTokens * price.outputPerMillion) / 1_000_000;
}
