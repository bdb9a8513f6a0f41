import { patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { AskResponse } from '@askflow/contract';
import type { AskActivities, AskWorkflowInput } from '../interface/ask.js';
import { DATABASE_STEP, GENERATION_STEP, RETRIEVAL_STEP, runAsk, TOOL_CALL_STEP, TOOL_CHOICE_STEP } from './askRun.js';
import { runRoutedAsk } from './askRouted.js';
import { askWorkflowV1 } from './legacy/askV1.js';

/** Runs that carry this marker plan once and hand the plan to every step; older runs take the v1 path. */
export const PLAN_ONCE_PATCH = 'plan-once';
/** Runs that carry this marker are routed: the model decides what the ask needs (askRouted.ts). */
export const ROUTER_PATCH = 'router';

const { planAsk, saveTurn } = proxyLocalActivities<AskActivities>(DATABASE_STEP);
const { searchKnowledge } = proxyLocalActivities<AskActivities>(RETRIEVAL_STEP);
const { selectTool } = proxyLocalActivities<AskActivities>(TOOL_CHOICE_STEP);
const { invokeTool } = proxyActivities<AskActivities>(TOOL_CALL_STEP);
const { composeAnswer } = proxyActivities<AskActivities>(GENERATION_STEP);

/**
 * Every ask started now. Routed (askRouted.ts) with no patch to take: a type of its own, so its
 * history carries none of `askWorkflow`'s patch markers and their search-attribute upserts, and
 * a JSON ask generates in a local activity — one workflow task from start to answer.
 */
export function routedAskWorkflow(input: AskWorkflowInput): Promise<AskResponse> {
  return runRoutedAsk(input, input.stream ? 'activity' : 'local');
}

/**
 * Asks started before `routedAskWorkflow`, kept so that their runs finish and replay. Its first step reads the plan — the project's settings, the model, knowledge and
 * tools, once — and every later step works from that plan, not the database, so a setting
 * changed mid-ask cannot mix within it. Deterministic; all I/O happens in activities.
 */
export function askWorkflow(input: AskWorkflowInput): Promise<AskResponse> {
  if (!patched(PLAN_ONCE_PATCH)) return askWorkflowV1(input);
  if (patched(ROUTER_PATCH)) return runRoutedAsk(input);
  // Runs started between plan-once and routing.
  return runAsk(input, {
    plan: () => planAsk(input),
    usesKnowledge: (plan) => plan.knowledge !== null,
    usesTools: (plan) => plan.tools.length > 0,
    retrieve: (plan) => searchKnowledge(plan, input.message),
    chooseTool: (plan) => selectTool(plan, input.message),
    callTool: (plan, name, args) => invokeTool(plan, input, name, args),
    generate: (plan, context) => composeAnswer(plan, input, context),
    persist: (plan, response, workflowId) => saveTurn(plan, input, response, workflowId),
  });
}
