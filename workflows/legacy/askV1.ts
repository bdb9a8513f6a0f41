import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { AskResponse } from '@askflow/contract';
import type { AskV1Activities, AskWorkflowInput } from '../../interface/ask.js';
import { DATABASE_STEP, GENERATION_STEP, RETRIEVAL_STEP, runAsk, TOOL_CALL_STEP, TOOL_CHOICE_STEP } from '../askRun.js';

const { classifyIntent, persistTurn } = proxyLocalActivities<AskV1Activities>(DATABASE_STEP);
const { retrieveChunks } = proxyLocalActivities<AskV1Activities>(RETRIEVAL_STEP);
const { chooseTool } = proxyLocalActivities<AskV1Activities>(TOOL_CHOICE_STEP);
const { callTool } = proxyActivities<AskV1Activities>(TOOL_CALL_STEP);
const { generateAnswer } = proxyActivities<AskV1Activities>(GENERATION_STEP);

/**
 * The first ask workflow, for runs started before the `plan-once` patch: their histories must
 * replay command for command, so its activities and their arguments stay as they were (each
 * step read the project itself). Delete once no such run can still be open (see workflows/ask.ts).
 */
export function askWorkflowV1(input: AskWorkflowInput): Promise<AskResponse> {
  return runAsk(input, {
    plan: () => classifyIntent(input),
    usesKnowledge: (decision) => decision.retrieve,
    usesTools: (decision) => decision.tools,
    retrieve: () => retrieveChunks(input.tenantId, input.message),
    chooseTool: () => chooseTool(input),
    callTool: (_, name, args) => callTool(input, name, args),
    generate: (_, context) => generateAnswer(input, context),
    persist: (_, response, workflowId) => persistTurn(input, response, workflowId),
  });
}
