import type { AskResponse } from '@askflow/contract';

/**
 * The JSON ask's short way home: the worker announces how each JSON ask ended on this one channel
 * (PostgreSQL NOTIFY) — its answer, sent by the statement that stores the turn (so only once the
 * turn is committed); its failure, once the run's failure path has run; or, for an answer too big
 * for NOTIFY, that it is stored — and the api replica waiting on that ask answers its caller at
 * once, without waiting for the run to record its end and for Temporal to hand the result over.
 * The run's result stays the durable way: the api reads it when told to, when the announcement
 * may have been missed, or when none came in time. Not imported by workflow code.
 */
export const ASK_ANSWERS_CHANNEL = 'ask_answers';

/** What the caller of a failed ask is told (interface/failures.ts, describeAskFailure). */
export interface AnnouncedFailure {
  code: string;
  message: string;
}

/** How an ask ended, as announced: its answer's JSON, its failure, or "stored, read the run's result". */
export type AskAnnouncement = { kind: 'answer'; json: string } | { kind: 'failed'; failure: AnnouncedFailure } | { kind: 'result' };

// After the ask id and its line break: an answer is its JSON object as is (the format since the
// first announcements, so replicas of either version read each other); a failure is marked `!`;
// `?` alone says the answer is stored but too big to push.
const FAILED = '!';
const READ_RESULT = '?';

/**
 * `<askId>\n<response JSON>`: the ask id first, so that every replica (all of them listen) can
 * pass over answers it does not wait for without parsing them. Ask ids hold no line breaks.
 */
export function answerMessage(askId: string, response: AskResponse): string {
  return `${askId}\n${JSON.stringify(response)}`;
}

export function failureMessage(askId: string, failure: AnnouncedFailure): string {
  return `${askId}\n${FAILED}${JSON.stringify({ code: failure.code, message: failure.message })}`;
}

/** Said instead of an answer too big for NOTIFY: the caller reads the run's result at once. */
export function readResultMessage(askId: string): string {
  return `${askId}\n${READ_RESULT}`;
}

/** The ask id of a message and the rest of it; null for a message that is not one. */
export function splitAnswerMessage(payload: string): { askId: string; body: string } | null {
  const cut = payload.indexOf('\n');
  return cut > 0 ? { askId: payload.slice(0, cut), body: payload.slice(cut + 1) } : null;
}

/** What the rest of a message (after the ask id) announces; null when it is none of the three. */
export function readAnnouncement(body: string): AskAnnouncement | null {
  if (body === READ_RESULT) return { kind: 'result' };
  if (body.startsWith(FAILED)) {
    try {
      const f = JSON.parse(body.slice(FAILED.length)) as Partial<AnnouncedFailure>;
      return typeof f.code === 'string' && typeof f.message === 'string' ? { kind: 'failed', failure: { code: f.code, message: f.message } } : null;
    } catch {
      return null;
    }
  }
  return body.startsWith('{') ? { kind: 'answer', json: body } : null;
}
