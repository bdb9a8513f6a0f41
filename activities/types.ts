import type { Usage } from '@askflow/contract';
import type { JsonOutput } from '../providers/types.js';
import type { KeyMode } from '../store/apiKeys.js';

/** What the api hands the workflow: everything already authenticated, validated and resolved. */
export interface AskWorkflowInput {
  requestId: string;
  tenantId: string;
  /** Existing thread, or the id the new thread gets with its first answer. */
  threadId: string;
  message: string;
  /** Resolved `<provider>:<model>` id that will answer. */
  model: string;
  externalUserId: string | null;
  keyMode: KeyMode;
  /** Unix ms when the api accepted the request; latency is measured from here. */
  receivedAt: number;
  responseFormat?: JsonOutput;
  /** A client is reading the event log: stream the answer as `delta`s (JSON asks skip that work). */
  stream?: boolean;
  /** `authToken`, `headers` and `toolHeaders`, sealed (see callerCredentials.ts). */
  sealedCredentials?: string;
}

/**
 * Which ways of answering apply to this ask before looking at the question's content: retrieval
 * when RAG is on and the project has knowledge. The final intent also depends on what they find.
 */
export interface IntentDecision {
  retrieve: boolean;
  /** Tools are on and the project has at least one: the model may pick one. */
  tools: boolean;
}

/** The tool the model chose, with its arguments; null when none applies. */
export interface ToolDecision {
  choice: { name: string; arguments: Record<string, unknown> } | null;
  usage: Usage;
}


export interface GeneratedAnswer {
  answer: string;
  usage: Usage;
  model: string;
}
