import type { AskResponse } from '@askflow/contract';
import { ASK_ANSWERS_CHANNEL, splitAnswerMessage } from '../../interface/askAnswers.js';
import type { ChannelListener } from '../../store/notifications.js';

/** A JSON ask's answer as the worker announced it on storing the turn; never settles if missed. */
export interface PushedAnswer {
  answer: Promise<AskResponse>;
  /** Stops waiting (the run's result came first, or the caller is gone). */
  cancel(): void;
}

/**
 * The api's end of interface/askAnswers.ts: one channel for the process's life, and the JSON
 * asks waiting on it by ask id (several for one id when idempotent retries join one run).
 */
export function createPushedAnswers(listener: ChannelListener) {
  const waiting = new Map<string, Set<(json: string) => void>>();
  let listening: Promise<unknown> | undefined;
  const onMessage = (payload: string) => {
    const message = splitAnswerMessage(payload);
    const waiters = message && waiting.get(message.askId);
    if (waiters) for (const w of waiters) w(message.json);
  };
  return {
    /** Waits for `askId`'s answer; resolves once the channel is listened to, so call it before the run starts. */
    async expect(askId: string): Promise<PushedAnswer> {
      listening ??= listener.listen(ASK_ANSWERS_CHANNEL, onMessage);
      await listening;
      let resolve!: (r: AskResponse) => void;
      const answer = new Promise<AskResponse>((r) => (resolve = r));
      const waiter = (json: string) => {
        try {
          resolve(JSON.parse(json) as AskResponse);
        } catch {
          // Not an answer we can read: the run's result answers instead.
        }
      };
      let waiters = waiting.get(askId);
      if (!waiters) waiting.set(askId, (waiters = new Set()));
      waiters.add(waiter);
      return {
        answer,
        cancel() {
          waiters.delete(waiter);
          if (!waiters.size && waiting.get(askId) === waiters) waiting.delete(askId);
        },
      };
    },
  };
}
