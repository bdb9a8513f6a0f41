import type { AskResponse } from '@askflow/contract';
import type { AskWorkflowInput } from '../../interface/ask.js';
import type { Logger } from '../../config/logger.js';
import { rejections } from '../../metrics/askMetrics.js';
import { tenantLabel } from '../../metrics/registry.js';
import type { ChannelListener } from '../../store/notifications.js';
import type { Pool } from '../../store/pool.js';
import { recordFirstDelta } from '../../store/turns.js';
import { ApiError } from '../errors.js';
import type { WorkerPresence } from '../workerPresence.js';
import { countAsk, countStreamed, outcomeOf, type AskCount } from './askCount.js';
import { createAskHub, type AskReader } from './askHub.js';
import { readAskEvents } from './eventReader.js';
import { subscribeLive } from './liveEvents.js';
import { createPushedAnswers, type PushedAnswer } from './pushedAnswers.js';
import type { PreparedAsk } from './prepareAsk.js';
import type { SseWriter } from './sse.js';
import { awaitAnswer, startOrJoinAsk, type AskRuntime } from './startAsk.js';
import { leaveQueue, takeThreadTurn } from './threadPolicy.js';

export interface AskRunnerDeps extends AskRuntime {
  pool: Pool;
  log: Logger;
  /** Whether a worker polls the ask task queue: without one an ask is refused at once (503), not left to time out. */
  workers: WorkerPresence;
  /**
   * Where the worker's pushed events arrive (the fast path); without it streams read the log
   * alone and JSON asks wait for their run's result.
   */
  liveEvents?: ChannelListener;
}

/** Where a streamed ask's events go: an SSE stream of Askflow's events, or of OpenAI's chunks. */
export type AskSink = SseWriter;

export type AskHandle = Awaited<ReturnType<typeof startOrJoinAsk>>;

/**
 * The part of an ask after its checks, shared by every door: start or join the run (refused at
 * once without a worker), then wait for its answer or stream its events. One per api process,
 * so all streams of one ask share one reader of its log and its pushed events.
 */
export function createAskRunner(deps: AskRunnerDeps) {
  const hub = createAskHub({
    async prepare(askId) {
      // Listening starts before the run does, so no pushed event is missed.
      const live = deps.liveEvents ? await subscribeLive(deps.liveEvents, askId) : undefined;
      return { events: () => readAskEvents(deps.temporal, askId, -1, live, deps.log), close: () => live?.close() };
    },
  });
  const pushedAnswers = deps.liveEvents ? createPushedAnswers(deps.liveEvents) : undefined;

  return {
    hub,

    /**
     * Starts the prepared ask's run, or joins it (an idempotent retry). A stream's reader joins
     * the ask before the run starts, so it misses nothing.
     */
    async launch(
      prepared: PreparedAsk,
      streamed: boolean,
      /** A JSON caller waits on the connection for the answer (not a background ask). */
      awaited = !streamed,
    ): Promise<{ handle: AskHandle; reader?: AskReader; pushed?: PushedAnswer; input: AskWorkflowInput }> {
      const { workflowId, replay } = prepared;
      if (!replay && !(await deps.workers.confirmed())) {
        rejections.inc({ reason: 'no_worker', tenant: tenantLabel(prepared.input.tenantId) });
        throw new ApiError('Unavailable', 'No worker is running to answer asks right now; try again shortly', undefined, { 'Retry-After': '5' });
      }
      // The ask takes its place on its thread (the project's thread policy); a retry joins its
      // run, which already holds one. Refused (ThreadBusy), its Idempotency-Key is free again.
      const input = replay
        ? prepared.input
        : await takeThreadTurn(deps, prepared.threadConcurrency, workflowId, prepared.input).catch(async (err: unknown) => {
            await prepared.release();
            throw err;
          });
      const reader = streamed ? await hub.join(workflowId) : undefined;
      // Like a stream's reader, the wait for the announced answer is in place before the run starts.
      const pushed = awaited ? await pushedAnswers?.expect(workflowId, replay) : undefined;
      try {
        return { handle: await startOrJoinAsk(deps, workflowId, input), ...(reader ? { reader } : {}), ...(pushed ? { pushed } : {}), input };
      } catch (err) {
        reader?.close();
        pushed?.cancel();
        if (input.thread) await leaveQueue(deps.pool, workflowId);
        throw err;
      }
    },

    /**
     * A JSON ask's answer — announced by the worker once stored, or the run's result, whichever
     * comes first — counted as answered or by the error it failed with.
     */
    async answer(handle: AskHandle, count: AskCount, pushed?: PushedAnswer): Promise<AskResponse> {
      try {
        const answer = await awaitAnswer(deps, handle, pushed);
        countAsk(count, 'json', 'answered', answer);
        return answer;
      } catch (err) {
        countAsk(count, 'json', outcomeOf(err instanceof ApiError ? err.code : 'Internal'));
        throw err;
      }
    },

    /**
     * Streams an ask's events from after `afterId` into `sink`; the ask runs on whatever the
     * client does. The stream that started the ask (`counted`) counts it: its first token and its end.
     */
    async stream(sink: AskSink, askId: string, afterId: number, reader: AskReader, counted?: AskCount): Promise<void> {
      try {
        for await (const { id, event } of reader.events(afterId)) {
          if (sink.closed) break;
          sink.send(id, event);
          if (!counted) continue;
          countStreamed(counted, event);
          // `done` follows the stored turn: its first-delta time goes beside it, for analytics.
          // Not awaited: the stream's end never waits on this write.
          if (event.type === 'done' && counted.firstDeltaMs !== undefined) {
            recordFirstDelta(deps.pool, askId, counted.firstDeltaMs).catch((err: unknown) => deps.log.warn({ err, askId }, 'could not record the first-delta time'));
          }
        }
      } catch (err) {
        deps.log.error({ err, askId }, 'event stream failed');
        // No id: this is about the connection, not the ask; Last-Event-ID stays on the last real event.
        sink.send(null, { type: 'error', code: 'Unavailable', message: 'The event stream was interrupted; reconnect with Last-Event-ID' });
      } finally {
        reader.close();
        sink.end();
      }
    },
  };
}

export type AskRunner = ReturnType<typeof createAskRunner>;
