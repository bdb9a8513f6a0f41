import type { AskResponse } from '@askflow/contract';

/**
 * The JSON ask's short way home: the worker announces how each JSON ask ended on this one channel
 * (PostgreSQL NOTIFY) — its answer, sent by the statement that stores the turn (so only once the
 * turn is committed); or "read the run's result", for an answer too big for NOTIFY and for a
 * failure once the run's failure path has run — and the api replica waiting on that ask answers
 * its caller from the answer at once, without waiting for the run to record its end and for
 * Temporal to hand the result over. A failure is read from the run's result, which comes only
 * once the run is closed: a caller told of it may retry with the same Idempotency-Key at once,
 * and the retry must find the failed run closed, to start it again. The api also reads the
 * result when the announcement may have been missed, or when none came in time. Not imported by
 * workflow code.
 */
export const ASK_ANSWERS_CHANNEL = 'ask_answers';

/** How an ask ended, as announced: its answer's JSON, or "read the run's result". */
export type AskAnnouncement = { kind: 'answer'; json: string } | { kind: 'result' };

// After the ask id and its line break: an answer is its JSON object as is (the format since the
// first announcements, so replicas of either version read each other); `?` alone says to read the
// run's result.
const READ_RESULT = '?';

/**
 * `<askId>\n<response JSON>`: the ask id first, so that every replica (all of them listen) can
 * pass over answers it does not wait for without parsing them. Ask ids hold no line breaks.
 */
export function answerMessage(askId: string, response: AskResponse): string {
  return `${askId}\n${JSON.stringify(response)}`;
}

/** Said for a failed ask, and instead of an answer too big for NOTIFY: the caller reads the run's result at once. */
export function readResultMessage(askId: string): string {
  return `${askId}\n${READ_RESULT}`;
}

/** The ask id of a message and the rest of it; null for a message that is not one. */
export function splitAnswerMessage(payload: string): { askId: string; body: string } | null {
  const cut = payload.indexOf('\n');
  return cut > 0 ? { askId: payload.slice(0, cut), body: payload.slice(cut + 1) } : null;
}

/** What the rest of a message (after the ask id) announces; null when it is neither. */
export function readAnnouncement(body: string): AskAnnouncement | null {
  if (body === READ_RESULT) return { kind: 'result' };
  return body.startsWith('{') ? { kind: 'answer', json: body } : null;
}
