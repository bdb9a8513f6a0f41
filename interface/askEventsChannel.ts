import { createHash } from 'node:crypto';

/**
 * The channel an ask's live events are pushed on, worker to api, beside the durable event log
 * (see api/ask/eventReader.ts). A digest of the ask id: channel names are short identifiers,
 * and ask ids are the caller's to choose. Not imported by workflow code.
 */
export function askEventsChannel(askId: string): string {
  return `ask_${createHash('sha256').update(askId).digest('hex').slice(0, 40)}`;
}
