import type { Pool } from '../store/pool.js';
import { classifyIntent } from './classifyIntent.js';
import { generateAnswer } from './generateAnswer.js';
import { persistTurn } from './persistTurn.js';

export interface ActivityDeps {
  pool: Pool;
  /** Decrypts provider keys. */
  masterKey: Buffer;
}

/** The worker's activities, bound to their dependencies. Workflows import only this type. */
export function createActivities(deps: ActivityDeps) {
  return {
    classifyIntent: classifyIntent(deps.pool),
    generateAnswer: generateAnswer(deps),
    persistTurn: persistTurn(deps.pool),
  };
}

export type Activities = ReturnType<typeof createActivities>;
export type { AskWorkflowInput, GeneratedAnswer, IntentDecision } from './types.js';
