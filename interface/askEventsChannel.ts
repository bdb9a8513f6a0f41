import { createHash } from 'node:crypto';

/**
 * The channel an ask's live events are pushed on, worker to api, beside the durable event log
 * (see api/ask/eventReader.ts). A digest of the ask id: channel names are short identifiers,
 * and ask ids are the caller's to choose. Not imported by workflow code.
 */
export function askEventsChannel(askId: string): string {
  return `ask_${createHash('sha256').update(askId).digest('hex').slice(0, 40)}`;
}

/**
 * An empty batch on an ask's channel: its log has, or is about to have, an event no push brings —
 * the `error` of a run that failed or was cancelled. A reader that leaves the log unread while
 * the pushes carry the stream reads it now (api/ask/eventReader.ts).
 */
export const READ_THE_LOG = '[]';
