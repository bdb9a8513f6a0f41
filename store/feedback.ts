import type { Pool } from './pool.js';

export interface FeedbackInput {
  projectId: string;
  /** The ask's id: its turn's workflow id. */
  askId: string;
  rating: 1 | -1;
  comment: string | null;
}

/** Stores (or replaces) the feedback on the project's answered ask; false when the project has no such turn. */
export async function saveFeedback(pool: Pool, f: FeedbackInput): Promise<boolean> {
  const { rowCount } = await pool.query(
    `INSERT INTO feedback (turn_id, project_id, rating, comment)
     SELECT id, project_id, $3, $4 FROM turns WHERE project_id = $1 AND workflow_id = $2
     ON CONFLICT (turn_id) DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, updated_at = now()`,
    [f.projectId, f.askId, f.rating, f.comment],
  );
  return rowCount === 1;
}

export interface SatisfactionRow {
  model: string;
  intent: string;
  /** Turns with feedback, and how many of them were rated 1. */
  rated: number;
  positive: number;
}

/** Feedback on the project's turns made in [from, to), per model and intent. */
export async function satisfaction(pool: Pool, projectId: string, from: Date, to: Date): Promise<SatisfactionRow[]> {
  const { rows } = await pool.query<SatisfactionRow>(
    `SELECT t.model, t.intent, count(*)::int AS rated, count(*) FILTER (WHERE f.rating = 1)::int AS positive
       FROM feedback f JOIN turns t ON t.id = f.turn_id
      WHERE f.project_id = $1 AND t.created_at >= $2 AND t.created_at < $3
      GROUP BY 1, 2
      ORDER BY 1, 2`,
    [projectId, from, to],
  );
  return rows;
}
