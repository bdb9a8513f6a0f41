import type { AskResponse } from '@askflow/contract';
import type { AskWorkflowInput, ContextPassage, GeneratedAnswer, RetrievedPassage, ToolDecision } from '../../interface/ask.js';
import type { Pool } from '../../store/pool.js';
import type { AskV1Activities } from '../../interface/ask.js';
import type { askActivities } from '../ask/index.js';
import { readPlan } from '../ask/planAsk.js';

/**
 * The activities of the first ask workflow (`workflows/legacy/askV1.ts`), kept under their old
 * names and signatures so runs started before plan-once still finish on this worker. Each reads
 * its plan itself, as v1's steps read the project. Remove with the v1 workflow path once no run
 * started before the `plan-once` patch can still be open.
 */
export function askV1Activities(pool: Pool, ask: ReturnType<typeof askActivities>) {
  return {
    async classifyIntent(input: AskWorkflowInput): Promise<{ retrieve: boolean; tools: boolean }> {
      const plan = await ask.planAsk(input);
      return { retrieve: plan.knowledge !== null, tools: plan.tools.length > 0 };
    },
    async retrieveChunks(projectId: string, question: string): Promise<RetrievedPassage[]> {
      return ask.searchKnowledge(await readPlan(pool, projectId), question);
    },
    async chooseTool(input: AskWorkflowInput): Promise<ToolDecision> {
      return ask.selectTool(await ask.planAsk(input), input.message);
    },
    async callTool(input: AskWorkflowInput, name: string, args: Record<string, unknown>): Promise<string> {
      return ask.invokeTool(await ask.planAsk(input), input, name, args);
    },
    async generateAnswer(input: AskWorkflowInput, context: ContextPassage[] = []): Promise<GeneratedAnswer> {
      return ask.composeAnswer(await ask.planAsk(input), input, context);
    },
    async persistTurn(input: AskWorkflowInput, response: AskResponse, workflowId: string): Promise<void> {
      await ask.saveTurn(await ask.planAsk(input), input, response, workflowId);
    },
  } satisfies AskV1Activities;
}
