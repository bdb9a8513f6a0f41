import type { Usage } from '@askflow/contract';

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
