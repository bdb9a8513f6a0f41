import type { Usage } from '@askflow/contract';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** Text the answer may draw on: knowledge chunks and tool results. */
export interface ContextPassage {
  source: string;
  text: string;
}

export interface ChatRequest {
  /** Model name within the provider (the part after `<provider>:`). */
  model: string;
  system: string;
  history: ChatTurn[];
  message: string;
  context: ContextPassage[];
  temperature: number;
}

export interface ChatResult {
  text: string;
  usage: Usage;
}

export interface ChatProvider {
  readonly name: string;
  generate(request: ChatRequest): Promise<ChatResult>;
}
