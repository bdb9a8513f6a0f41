import { KNOWLEDGE_TOOL_NAME, type Usage } from '@askflow/contract';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** Text the answer may draw on: knowledge chunks and tool results. */
export interface ContextPassage {
  /** Where the text came from: a knowledge source, or the tool's name for a tool result. */
  source: string;
  text: string;
  /** A knowledge chunk (the default) or the result of calling a project tool for this message. */
  kind?: 'chunk' | 'tool';
  /** The heading of the document's section the chunk sits under, cited with the document. */
  section?: string;
  /** The command the chunk's page documents, as a user types it ("git show" on git-show(1)), said with what is quoted from it. */
  command?: string;
}

/** `json_object` output, optionally constrained by a JSON Schema the answer must satisfy. */
export interface JsonOutput {
  type: 'json_object';
  schema?: Record<string, unknown>;
}

export interface ChatRequest {
  /** Model name within the provider (the part after `<provider>:`). */
  model: string;
  system: string;
  /** Earlier turns of the thread, oldest first, already cut to the token budget. */
  history: ChatTurn[];
  message: string;
  context: ContextPassage[];
  temperature: number;
  responseFormat?: JsonOutput;
}

export interface ChatResult {
  /** The answer; with `responseFormat`, a JSON text valid against the schema. */
  text: string;
  usage: Usage;
}

/** Receives answer text as it is generated; awaited before the next piece is delivered. */
export type DeltaHandler = (text: string) => void | Promise<void>;

export interface ChatProvider {
  readonly name: string;
  /**
   * Without `onDelta`, one request for the whole answer. With it, the answer streams: `onDelta`
   * gets each piece in order and the pieces concatenate to exactly `ChatResult.text`, which
   * clients rely on. With `responseFormat` the answer is only valid once complete, so `onDelta`
   * is called once, with the validated `text`.
   */
  generate(request: ChatRequest, onDelta?: DeltaHandler): Promise<ChatResult>;
  /**
   * Whether one of `tools` should be called to answer `request` (at most one per ask), and with
   * which arguments; null when none should. The choice always names one of `tools`; its
   * arguments are not checked against the tool's schema here.
   */
  chooseTool(request: ChatRequest, tools: ToolSpec[]): Promise<{ choice: ToolChoice | null; usage: Usage }>;
  /**
   * One round of a routed ask: the model either answers or calls some of `request.tools`
   * (knowledge search is offered as the tool named KNOWLEDGE_TOOL beside the project's tools).
   * Earlier rounds' calls and results are in `request.rounds`. With `onDelta`, an answer
   * streams as `generate` does; tool calls produce no deltas.
   */
  respond(request: TurnRequest, options?: TurnOptions): Promise<TurnResult>;
}

/** The tool through which a model searches the project's knowledge (offered only when it has some). */
export const KNOWLEDGE_TOOL: ToolSpec = {
  name: KNOWLEDGE_TOOL_NAME,
  description: "Search the project's knowledge base (its documents) for passages that answer a question. Use it for questions about the product, its documentation or policies; not for greetings, small talk or arithmetic.",
  parameters: {
    type: 'object',
    required: ['query'],
    properties: { query: { type: 'string', description: 'What to look for, in the words of the question' } },
    additionalProperties: false,
  },
};

/** A call the model makes to one of the tools it was offered. */
export interface ToolCall {
  /** Unique within the ask; results refer to it. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** A tool's result as the model reads it back. */
export interface ToolCallResult {
  callId: string;
  name: string;
  /** The text the model is given (a tool's response body, or the passages found, numbered). */
  content: string;
  /** For knowledge search: the passages found, so a provider can quote and cite them. */
  passages?: ContextPassage[];
}

/** One earlier round of the ask: what the model called and what came back. */
export interface ToolRound {
  calls: ToolCall[];
  results: ToolCallResult[];
}

export interface TurnRequest extends ChatRequest {
  /** What the model may call (the same every round of an ask). */
  tools: ToolSpec[];
  /** `none` in the last round: the model must answer now from what it has. */
  toolChoice: 'auto' | 'none';
  rounds: ToolRound[];
}

export type TurnResult =
  | {
      kind: 'answer';
      text: string;
      usage: Usage;
      /** Why no tool was called, when the provider decided so itself (the local router says; a model does not). */
      reason?: string;
    }
  | {
      kind: 'tool_calls';
      calls: ToolCall[];
      usage: Usage;
      /** Why these calls: the local router always says; a model may not. */
      reason?: string;
    };

/**
 * Statistics of the project's indexed knowledge, for a provider that must judge by itself
 * whether the knowledge can answer a question (the offline router); models never need them.
 */
export interface CorpusStats {
  /** How many chunks are indexed. */
  readonly chunks: number;
  /** Their length in all, in tokens (o200k), where known: how long a chunk is on average. */
  readonly tokens?: number;
  /** In how many chunks each term occurs (terms as `text/terms.ts` makes them); 0 for unknown terms. */
  documentFrequency(terms: string[]): Promise<Map<string, number>>;
  /** In how many chunks both terms of each pair occur, in the pairs' order (the SQL path reads at most the first 10 pairs). */
  jointFrequency(pairs: readonly (readonly [string, string])[]): Promise<number[]>;
}

export interface TurnOptions {
  onDelta?: DeltaHandler;
  corpus?: CorpusStats;
  /** Told, before the answer's first delta, why the provider calls no tool (the local router's reason). */
  onDecision?: (reason: string) => void;
}

/** A project tool as the model sees it: name, what it does, and a JSON Schema for its arguments. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolChoice {
  name: string;
  arguments: Record<string, unknown>;
}

/** Turns texts into vectors. Fixed per project: every chunk and every query use the same one. */
export interface Embedder {
  /** `<provider>:<model>`, e.g. `local:lexical-256` or `openai:text-embedding-3-small`. */
  readonly id: string;
  readonly dimensions: number;
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<number[][]>;
}

/**
 * A provider connection resolved for use, secret included: a project's stored connection, or a
 * kind's built-in one. Never sent over the wire or put in workflow history.
 */
export interface ProviderConnection {
  /** The provider part of model ids (`<name>:<model>`). */
  name: string;
  /** The protocol it speaks: the name of a registered ProviderKind. */
  kind: string;
  /** API root including the version segment, e.g. `https://api.openai.com/v1`; empty for a built-in connection. */
  baseUrl: string;
  /** Decrypted; null when none is stored (many self-hosted servers take none). */
  apiKey: string | null;
}

/**
 * One protocol Askflow speaks with model providers: its chat provider and embeddings (each
 * failing with ProviderErrors its own files classify) and the models it offers. See
 * providers/registry.ts for how kinds are registered.
 */
/** What a kind is, without its implementation: all the management API needs to check models. */
export interface ProviderKindInfo {
  /** As stored in `provider_connections.kind` and sent by the management API. */
  readonly name: string;
  /**
   * False for a provider that runs in-process: it is a built-in connection named after the
   * kind, with no row in the database (and a name project connections may not take).
   */
  readonly needsConnection: boolean;
  /** The chat models (the part after `<provider>:`) it offers; undefined when any model its server has. */
  readonly chatModels?: readonly string[];
  /** The embedding models it offers, likewise; an empty list when it embeds nothing. */
  readonly embeddingModels?: readonly string[];
}

export interface ProviderKind extends ProviderKindInfo {
  chat(connection: ProviderConnection, timeoutMs: number): ChatProvider;
  /** `model` is the part of the embedding model id after `<provider>:`. */
  embeddings(connection: ProviderConnection, model: string): Embedder;
}
