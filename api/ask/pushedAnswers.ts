import type { AskResponse } from '@askflow/contract';
import { ASK_ANSWERS_CHANNEL, readAnnouncement, splitAnswerMessage } from '../../interface/askAnswers.js';
import type { ChannelListener } from '../../store/notifications.js';

/** A JSON ask's answer as the worker announced it, or `result`: read the run's result (told so, or the announcement may have been missed). */
export type PushedOutcome = { kind: 'answer'; response: AskResponse } | { kind: 'result' };

/** A JSON ask's end as the worker announces it (interface/askAnswers.ts); never settles if nothing is announced. */
export interface PushedAnswer {
  outcome: Promise<PushedOutcome>;
  /**
   * Whether the announcement can be counted on: the wait was in place, on a live connection,
   * before this caller's run started. Not so for a caller joining a run that was already going
   * (an Idempotency-Key's retry): its answer may have been announced before anyone waited.
   */
  reliable: boolean;
  /** Stops waiting (the run's result came first, or the caller is gone). */
  cancel(): void;
}

/**
 * The api's end of interface/askAnswers.ts: one channel for the process's life, and the JSON
 * asks waiting on it by ask id (several for one id when idempotent retries join one run). When
 * the listening connection is lost, every waiting ask is told to read its run's result: what
 * was announced meanwhile is gone.
 */
export function createPushedAnswers(listener: ChannelListener) {
  const waiting = new Map<string, Set<(outcome: PushedOutcome) => void>>();
  let listening: Promise<unknown> | undefined;
  const onMessage = (payload: string) => {
    const message = splitAnswerMessage(payload);
    const waiters = message && waiting.get(message.askId);
    if (!waiters) return;
    const outcome = toOutcome(message.body);
    for (const w of waiters) w(outcome);
  };
  const onLost = () => {
    for (const waiters of waiting.values()) for (const w of waiters) w({ kind: 'result' });
  };
  return {
    /**
     * Waits for `askId`'s announcement; resolves once the channel is listened to, so call it
     * before the run starts. `joining`: the caller joins a run that may be under way already.
     */
    async expect(askId: string, joining = false): Promise<PushedAnswer> {
      listening ??= listener.listen(ASK_ANSWERS_CHANNEL, onMessage, onLost);
      await listening;
      let resolve!: (o: PushedOutcome) => void;
      const outcome = new Promise<PushedOutcome>((r) => (resolve = r));
      let waiters = waiting.get(askId);
      if (!waiters) waiting.set(askId, (waiters = new Set()));
      waiters.add(resolve);
      return {
        outcome,
        reliable: !joining && listener.connected(),
        cancel() {
          waiters.delete(resolve);
          if (!waiters.size && waiting.get(askId) === waiters) waiting.delete(askId);
        },
      };
    },
  };
}

/** A message's announcement as the waiting caller takes it; one it cannot read sends it to the run's result. */
function toOutcome(body: string): PushedOutcome {
  const announced = readAnnouncement(body);
  if (announced?.kind === 'answer') {
    try {
      return { kind: 'answer', response: JSON.parse(announced.json) as AskResponse };
    } catch {
      return { kind: 'result' };
    }
  }
  return announced ?? { kind: 'result' };
}
