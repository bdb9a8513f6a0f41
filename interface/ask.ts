import type { AskResponse, Intent, Usage } from '@askflow/contract';
import type { ChatTurn, ContextPassage, JsonOutput, ToolCall, ToolRound } from '../providers/types.js';
import type { KeyMode } from '../store/apiKeys.js';
import { SECTION_SEPARATOR } from '../providers/citation.js';
import type { Tool } from '../store/tools.js';

export type { ChatTurn, ContextPassage, JsonOutput, KeyMode, ToolCall, ToolRound };

/**
 * The ask as api, worker, activities and workflows all see it. This module holds only types and
 * shared definitions (no I/O), so the deterministic workflow sandbox may import it.
 */

/**
 * The workflow type the api starts (workflows/ask.ts). Workers also keep `askWorkflow`, the type
 * of asks started before it, so those runs finish and replay. A worker must know this type
 * before an api starts it: deploy workers first (an unknown type's task is retried until one does).
 */
export const ASK_WORKFLOW_TYPE = 'routedAskWorkflow';

/**
 * An ask's workflow task timeout: how soon Temporal gives a JSON ask's work to another worker
 * when the one running it dies, since that worker holds the task through the model call (a local
 * activity). Temporal's 10 s default left a JSON ask 9 s without an answer after such a loss
 * (`npm run bench:recovery`). A model call longer than 80 % of it makes the worker complete the
 * task and take a fresh one (three history events per 4 s); shorter asks, however loaded the
 * worker, finish well inside it.
 */
export const ASK_WORKFLOW_TASK_TIMEOUT = '5 seconds';

/** What the api hands the workflow: everything already authenticated, validated and resolved. */
export interface AskWorkflowInput {
  requestId: string;
  tenantId: string;
  /** Existing thread, or the id the new thread gets with its first answer. */
  threadId: string;
  message: string;
  /** Resolved `<provider>:<model>` id that will answer. */
  model: string;
  /** The caller named `model`: that model answers or the ask fails, never a fallback. */
  modelNamed?: boolean;
  externalUserId: string | null;
  keyMode: KeyMode;
  /** The key that asked: its usage counts against its budget (absent in asks started before budgets). */
  apiKeyId?: string;
  /** Unix ms when the api accepted the request; latency is measured from here. */
  receivedAt: number;
  responseFormat?: JsonOutput;
  /** A client is reading the event log: stream the answer as `delta`s (JSON asks skip that work). */
  stream?: boolean;
  /** `authToken`, `headers` and `toolHeaders`, sealed with the master key (store/secrets.ts). */
  sealedCredentials?: string;
  /**
   * The ask holds a place in its thread's queue (store/threadQueue.ts): it leaves it when it ends.
   * `after`: an ask was ahead of it when it came — it waits its turn. Absent in runs started
   * before thread policy (they neither wait nor leave).
   */
  thread?: { after: string | null };
  /**
   * The conversation so far as the caller sent it (the OpenAI-compatible door's earlier
   * messages), oldest first: given to the model instead of the thread's stored turns, within the
   * same history token budget. Absent: the thread's stored turns (every ask before the door).
   */
  history?: ChatTurn[];
}

/** The workflow's signature, for typed starts and handles without importing workflow code. */
export type AskWorkflow = (input: AskWorkflowInput) => Promise<AskResponse>;

/** A model on one of the project's provider connections (`local` is the built-in one). */
export interface ModelPlan {
  /** `<provider>:<model>`, as on the model menu. */
  id: string;
  /** The connection's name (the part before the first colon). */
  provider: string;
  /** The connection's protocol (`openai`, `local`, …): which adapter speaks to it. */
  kind: string;
  /** The model's name within the provider. */
  name: string;
  /**
   * The project's connection as it stood when the plan was read (a digest, store/providers.ts):
   * a worker that decrypted that very connection uses it again instead of reading it. Absent for
   * built-in connections and in plans recorded before it existed.
   */
  connection?: string;
}

/** A project tool as this ask may use it: what the model sees, and where and how it is called. */
export type ToolPlan = Omit<Tool, 'id'>;

/** The answering model's prices, per million tokens; null when the owner set none. */
export interface PricePlan {
  inputPerMillion: number;
  outputPerMillion: number;
}

/**
 * What one ask runs with, read once from the project when the ask starts (`planAsk`) and handed
 * to every later step, so settings changed mid-ask cannot mix within it. Holds no secret: it is
 * kept in the workflow's history. Secrets (provider keys, signing secrets, caller credentials)
 * are fetched or opened by the step that uses them.
 */
export interface AskPlan {
  projectId: string;
  model: ModelPlan;
  systemPrompt: string;
  temperature: number;
  /** Earlier turns given to the model, newest first, up to this many tokens. */
  historyTokenBudget: number;
  /** Rounds of tool calls the model may make before it must answer (absent in plans made before routing). */
  maxToolRounds?: number;
  /** Models to go on with, in order, when the model's provider keeps failing (absent: none; never for a caller who named a model). */
  fallbacks?: { model: ModelPlan; price: PricePlan | null }[];
  /** Message and answer text may go on trace spans (absent in plans made before tracing: no). */
  traceContent?: boolean;
  /** Knowledge search: null when RAG is off or the project has no indexed document. */
  knowledge: { embeddingModel: ModelPlan; topK: number; minScore: number } | null;
  /** The tools the model may choose from: empty when tools are off. */
  tools: ToolPlan[];
  /** The hosts those tools may reach (the project's allowlist, read with the plan); absent: any. */
  allowedHosts?: string[];
  price: PricePlan | null;
}

/** A knowledge chunk found for the question, best first. */
export interface RetrievedPassage {
  chunkId: string;
  documentId: string;
  document: string;
  chunkIndex: number;
  text: string;
  headings: string[];
  score: number;
  /** The command its page documents as a user types it, where the page's name spells it otherwise ("git show" on git-show(1)). */
  command?: string;
}

/** Longest section heading a citation names whole. */
const SECTION_CHARS = 80;

/** A heading too long to cite whole, cut at its last word break within `SECTION_CHARS`. */
function shortened(heading: string): string {
  if (heading.length <= SECTION_CHARS) return heading;
  const cut = heading.lastIndexOf(' ', SECTION_CHARS - 1);
  return `${heading.slice(0, cut > 0 ? cut : SECTION_CHARS)}…`;
}

/**
 * A found chunk as the answer draws on it: its source (`document#chunk`) and the heading it sits
 * under, after the page's title when it has one above it ("EXPLAIN QUERY PLAN › 1.1. Table and
 * Index Scans"), so an answer can say which page and where in it it quotes from — a file name
 * such as eqp.html does not say what the page is. Runs recorded before passages had headings
 * replay without one.
 */
export function knowledgePassage(p: Pick<RetrievedPassage, 'document' | 'chunkIndex' | 'text' | 'headings' | 'command'>): ContextPassage {
  const said = (p.headings ?? []).map((h) => h.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const path = said.length > 1 && said[0] !== said.at(-1) ? [said[0]!, said.at(-1)!] : said.slice(-1);
  const section = path.length ? path.map(shortened).join(SECTION_SEPARATOR) : undefined;
  return { source: `${p.document}#${p.chunkIndex}`, text: p.text, kind: 'chunk', ...(section ? { section } : {}), ...(p.command ? { command: p.command } : {}) };
}

/** The tool the model chose, with its arguments; null when none applies. */
export interface ToolDecision {
  choice: { name: string; arguments: Record<string, unknown> } | null;
  usage: Usage;
}

/** One round of a routed ask: the model's answer, or the tools it calls and why. */
/**
 * The intent is what the answer used: knowledge that found passages (`rag`), a project tool
 * (`tools`), both, or neither (`vanilla`).
 */
export function intentOf(usedTool: boolean, passages: readonly RetrievedPassage[]): Intent {
  return usedTool ? (passages.length ? 'rag_tools' : 'tools') : passages.length ? 'rag' : 'vanilla';
}

/** The response of an answered routed ask, from what its rounds used. */
export function answeredResponse(input: AskWorkflowInput, turn: { answer: string; model: string }, usage: Usage, toolsUsed: readonly string[], passages: readonly RetrievedPassage[]): AskResponse {
  return {
    threadId: input.threadId,
    answer: turn.answer,
    intent: intentOf(toolsUsed.length > 0, passages),
    toolUsed: toolsUsed[0] ?? null,
    ragChunksUsed: passages.length,
    usage,
    model: turn.model,
    ...(passages.length ? { sources: passages.map((p) => ({ documentId: p.documentId, document: p.document, chunk: p.chunkIndex, score: p.score })) } : {}),
  };
}

/** Tool rounds of a plan made before routing (which carries no limit). */
export const DEFAULT_TOOL_ROUNDS = 3;

export { MAX_TOOL_CALLS_PER_ROUND, notRunResult } from '../providers/toolCallLimit.js';

export type TurnOutcome =
  | { kind: 'answer'; answer: string; usage: Usage; model: string; /** Why no tool was called, when the provider said (the local router). */ reason?: string }
  | { kind: 'tool_calls'; calls: ToolCall[]; usage: Usage; reason: string | null };

export interface GeneratedAnswer {
  answer: string;
  usage: Usage;
  model: string;
}

/** The ask's activities as the workflow calls them (implemented in activities/ask/). */
export interface AskActivities {
  /** Reads the project once: model, prompts, knowledge and tools for this ask. */
  planAsk(input: AskWorkflowInput): Promise<AskPlan>;
  searchKnowledge(plan: AskPlan, question: string): Promise<RetrievedPassage[]>;
  selectTool(plan: AskPlan, message: string): Promise<ToolDecision>;
  /** One signed call to the tool's endpoint; the result's text. */
  invokeTool(plan: AskPlan, input: AskWorkflowInput, name: string, args: Record<string, unknown>): Promise<string>;
  composeAnswer(plan: AskPlan, input: AskWorkflowInput, context: ContextPassage[]): Promise<GeneratedAnswer>;
  /**
   * Stores the answered turn; whether it was stored now (false: an earlier attempt had).
   * `doneId`: a streamed ask's `done` gets this id in the event log next; stored now, it is pushed
   * under it at once (the fast path), ahead of the run's own publishing of it.
   */
  saveTurn(plan: AskPlan, input: AskWorkflowInput, response: AskResponse, workflowId: string, doneId?: number): Promise<boolean>;
  /**
   * One round of a routed ask: the plan's model answers or calls tools (knowledge search beside
   * the project's tools). `final`: it must answer now. Streamed asks get the answer as `delta`s.
   */
  respondTurn(plan: AskPlan, input: AskWorkflowInput, rounds: ToolRound[], final: boolean): Promise<TurnOutcome>;
  /**
   * A JSON ask's first local activity: `planAsk`, the first `respondTurn` and, when that round
   * answers, `saveTurn` — the whole of most asks in one step.
   */
  firstRound(input: AskWorkflowInput, workflowId: string): Promise<{ plan: AskPlan; turn: TurnOutcome; saved: AskResponse | null }>;
  /** The ask its thread still answers before this one (null: its turn has come). */
  askAhead(workflowId: string): Promise<string | null>;
  /** An ask that ends without an answer (failed, cancelled) leaves its thread's queue; the next one is told. */
  askFailed(input: AskWorkflowInput, workflowId: string, failure: { code: string; message: string }): Promise<void>;
}

/**
 * The first ask workflow's activities (before plan-once): each read the project itself. Kept so
 * runs started before the `plan-once` patch replay and finish (workflows/legacy/askV1.ts).
 */
export interface AskV1Activities {
  classifyIntent(input: AskWorkflowInput): Promise<{ retrieve: boolean; tools: boolean }>;
  retrieveChunks(projectId: string, question: string): Promise<RetrievedPassage[]>;
  chooseTool(input: AskWorkflowInput): Promise<ToolDecision>;
  callTool(input: AskWorkflowInput, name: string, args: Record<string, unknown>): Promise<string>;
  generateAnswer(input: AskWorkflowInput, context?: ContextPassage[]): Promise<GeneratedAnswer>;
  persistTurn(input: AskWorkflowInput, response: AskResponse, workflowId: string): Promise<void>;
}
