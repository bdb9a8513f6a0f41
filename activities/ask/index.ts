import { corpusStatsFor } from '../../knowledge/corpusStats.js';
import type { VectorIndex } from '../../knowledge/types.js';
import type { LexicalIndex } from '../../knowledge/lexicalIndex/index.js';
import type { AskResponse } from '@askflow/contract';
import { answeredResponse, DEFAULT_TOOL_ROUNDS, type AskActivities, type AskPlan } from '../../interface/ask.js';
import { activityInfo } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { Pool } from '../../store/pool.js';
import type { WebhookOutbox } from '../../interface/webhookOutbox.js';
import { responseOfRun } from '../../store/turns.js';
import { notify } from '../../store/notifications.js';
import { ASK_ANSWERS_CHANNEL, readResultMessage } from '../../interface/askAnswers.js';
import { askEventsChannel, READ_THE_LOG } from '../../interface/askEventsChannel.js';
import { askFailed } from './askFailed.js';
import { composeAnswer } from './composeAnswer.js';
import { invokeTool } from './invokeTool.js';
import { planAsk } from './planAsk.js';
import { respondTurn } from './respondTurn.js';
import { saveTurn } from './saveTurn.js';
import { searchKnowledge } from './searchKnowledge.js';
import { selectTool } from './selectTool.js';
import { threadTurn } from './threadTurn.js';

export interface AskDeps {
  pool: Pool;
  /** Decrypts provider keys, signing secrets and sealed caller credentials. */
  masterKey: Buffer;
  /** Where chunk vectors live (exact, pgvector or Pinecone). */
  vectorIndex: VectorIndex;
  /** The process's in-memory BM25 index; absent: BM25 runs in PostgreSQL (same ranking). */
  lexicalIndex?: LexicalIndex;
  /** Push streamed events to the api at once beside the durable log (PostgreSQL NOTIFY); default on. */
  liveEvents?: boolean;
  /** Reads run states and signals runs (the thread queue); absent in tests that run no worker. */
  temporal?: Client;
  /** Where answered and failed asks and ingested documents are announced to the project's webhooks; absent: they are not. */
  webhooks?: WebhookOutbox;
}

/** A first round that found its turn stored: that turn is the answer. */
function storedAnswer(plan: AskPlan, stored: AskResponse) {
  return { plan, turn: { kind: 'answer' as const, answer: stored.answer, usage: stored.usage, model: stored.model }, saved: stored };
}

/** The ask's steps, in the order the workflow runs them; each takes the plan `planAsk` made. */
export function askActivities(deps: AskDeps) {
  const readPlan = planAsk(deps.pool);
  const thread = threadTurn(deps);
  const save = saveTurn(deps.pool, thread.tellNext, deps.webhooks, deps.liveEvents !== false);
  const respond = respondTurn({ ...deps, corpusStats: (projectId) => corpusStatsFor(deps.pool, projectId, deps.lexicalIndex) });
  return {
    planAsk: readPlan,
    searchKnowledge: searchKnowledge(deps),
    selectTool: selectTool(deps),
    invokeTool: invokeTool(deps),
    composeAnswer: composeAnswer(deps),
    saveTurn: save,
    // The offline router judges by the project's corpus whether knowledge can answer.
    respondTurn: respond,
    // One local activity instead of three for a JSON ask answered in its first round: each
    // costs the workflow task a round trip between the workflow thread, core and here.
    firstRound: async (input, workflowId) => {
      const plan = await readPlan(input);
      // Run again after the turn was stored, this step answers with that turn rather than asking
      // the model twice: after a failed attempt, or — for a queued ask — when the signal telling it
      // its turn arrived while its workflow task ran, so Temporal refused that task's completion
      // and the workflow ran it again (a local activity's result is recorded only with it).
      const earlier = input.thread?.after || activityInfo().attempt > 1 ? await responseOfRun(deps.pool, workflowId) : null;
      if (earlier) {
        // Saved again (a no-op for the stored turn), so what follows saving — leaving the thread,
        // announcing ask.completed — happens even if the first attempt stopped right after storing.
        await save(plan, input, earlier, workflowId);
        return storedAnswer(plan, earlier);
      }
      const turn = await respond(plan, input, [], (plan.maxToolRounds ?? DEFAULT_TOOL_ROUNDS) <= 0);
      if (turn.kind !== 'answer') return { plan, turn, saved: null };
      const response = answeredResponse(input, turn, turn.usage, [], []);
      if (await save(plan, input, response, workflowId)) return { plan, turn, saved: response };
      // A turn was there already: a first attempt that stored its answer and then was lost with
      // its worker before the run recorded it (a local activity's attempts restart at 1 then).
      // The stored answer is the ask's answer — it may already have been given to the caller.
      const stored = await responseOfRun(deps.pool, workflowId);
      return stored ? storedAnswer(plan, stored) : { plan, turn, saved: response };
    },
    askAhead: thread.askAhead,
    askFailed: askFailed({
      leaveThread: thread.leave,
      webhooks: deps.webhooks,
      announceFailure: deps.liveEvents !== false ? (askId) => notify(deps.pool, ASK_ANSWERS_CHANNEL, readResultMessage(askId)) : undefined,
      announceStreamEnd: deps.liveEvents !== false ? (askId) => notify(deps.pool, askEventsChannel(askId), READ_THE_LOG) : undefined,
    }),
  } satisfies AskActivities;
}
