import { corpusStatsFor } from '../../knowledge/corpusStats.js';
import type { VectorIndex } from '../../knowledge/types.js';
import type { AskActivities } from '../../interface/ask.js';
import type { Pool } from '../../store/pool.js';
import { composeAnswer } from './composeAnswer.js';
import { invokeTool } from './invokeTool.js';
import { planAsk } from './planAsk.js';
import { respondTurn } from './respondTurn.js';
import { saveTurn } from './saveTurn.js';
import { searchKnowledge } from './searchKnowledge.js';
import { selectTool } from './selectTool.js';

export interface AskDeps {
  pool: Pool;
  /** Decrypts provider keys, signing secrets and sealed caller credentials. */
  masterKey: Buffer;
  /** Where chunk vectors live (exact, pgvector or Pinecone). */
  vectorIndex: VectorIndex;
  /** Push streamed events to the api at once beside the durable log (PostgreSQL NOTIFY); default on. */
  liveEvents?: boolean;
}

/** The ask's steps, in the order the workflow runs them; each takes the plan `planAsk` made. */
export function askActivities(deps: AskDeps) {
  return {
    planAsk: planAsk(deps.pool),
    searchKnowledge: searchKnowledge(deps),
    selectTool: selectTool(deps),
    invokeTool: invokeTool(deps),
    composeAnswer: composeAnswer(deps),
    saveTurn: saveTurn(deps.pool),
    // The offline router judges by the project's corpus whether knowledge can answer.
    respondTurn: respondTurn({ ...deps, corpusStats: (projectId) => corpusStatsFor(deps.pool, projectId) }),
  } satisfies AskActivities;
}
