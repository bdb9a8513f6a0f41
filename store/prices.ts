import type { Price } from '@askflow/contract';
import { inTransaction, type Pool } from './pool.js';

export async function listPrices(pool: Pool, projectId: string): Promise<Price[]> {
  const { rows } = await pool.query<Price>(
    `SELECT model_id AS "modelId", input_per_million::float8 AS "inputPerMillion", output_per_million::float8 AS "outputPerMillion"
       FROM model_prices WHERE project_id = $1 ORDER BY model_id`,
    [projectId],
  );
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

/** USD for one turn; zero when the model has no price. */
export async function turnCost(pool: Pool, projectId: string, modelId: string, promptTokens: number, completionTokens: number): Promise<number> {
  const { rows } = await pool.query<{ cost: number }>(
    `SELECT (($3::numeric * input_per_million + $4::numeric * output_per_million) / 1000000)::float8 AS cost
       FROM model_prices WHERE project_id = $1 AND model_id = $2`,
    [projectId, modelId, promptTokens, completionTokens],
  );
  return rows[0]?.cost ?? 0;
}
