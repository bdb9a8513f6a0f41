import type { AskResponse } from '@askflow/contract';

/**
 * The JSON ask's short way home: the worker announces each answer it stores on this one channel
 * (PostgreSQL NOTIFY, sent by the statement that stores the turn, so only once the turn is
 * committed), and the api replica waiting on that ask answers its caller at once, without
 * waiting for the run to record its completion and for Temporal to hand the result over. The
 * run's result stays the durable way: it answers whenever the announcement is missed or too big.
 * Not imported by workflow code.
 */
export const ASK_ANSWERS_CHANNEL = 'ask_answers';

/**
 * `<askId>\n<response JSON>`: the ask id first, so that every replica (all of them listen) can
 * pass over answers it does not wait for without parsing them. Ask ids hold no line breaks.
 */
export function answerMessage(askId: string, response: AskResponse): string {
  return `${askId}\n${JSON.stringify(response)}`;
}

/** The ask id of a message and its response's JSON; null for a message that is not one. */
export function splitAnswerMessage(payload: string): { askId: string; json: string } | null {
  const cut = payload.indexOf('\n');
  return cut > 0 ? { askId: payload.slice(0, cut), json: payload.slice(cut + 1) } : null;
}
