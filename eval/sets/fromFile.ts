// A set given as a JSON file instead of the corpus's own: EVAL_QUESTIONS (labelled questions) and
// EVAL_INTENTS (intent prompts) name sets written outside this code — eval/sets/fresh/,
// eval/sets/blind/ and eval/sets/blind2/, by sessions that never saw the ranking.
import { readFileSync } from 'node:fs';

/** The items of the JSON file `variable` names; null when it names none. */
export function setFromFile<T>(variable: 'EVAL_QUESTIONS' | 'EVAL_INTENTS'): T[] | null {
  const path = process.env[variable];
  return path ? (JSON.parse(readFileSync(path, 'utf8')) as T[]) : null;
}
