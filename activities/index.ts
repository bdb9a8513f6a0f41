import type { Pool } from '../store/pool.js';
import { classifyIntent } from './classifyIntent.js';
import { generateAnswer } from './generateAnswer.js';
import { persistTurn } from './persistTurn.js';

/** The worker's activities, bound to their dependencies. Workflows import only this type. */
export function createActivities(pool: Pool) {
  return {
    classifyIntent: classifyIntent(pool),
    generateAnswer: generateAnswer(pool),
    persistTurn: persistTurn(pool),
  };
}

export type Activities = ReturnType<typeof createActivities>;
export type { AskWorkflowInput, GeneratedAnswer, IntentDecision } from './types.js';
