// Attribute names of Askflow's spans: the OpenTelemetry GenAI semantic conventions for model and
// tool calls (gen_ai.*), and Askflow's own (askflow.*) for what an operator filters asks by.
// Kept as literals: the conventions' GenAI names are still "incubating" in the semconv package.
export const GEN_AI = {
  operation: 'gen_ai.operation.name',
  /** Current name of the provider attribute; `system` is the name older backends index. */
  provider: 'gen_ai.provider.name',
  system: 'gen_ai.system',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  temperature: 'gen_ai.request.temperature',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  finishReasons: 'gen_ai.response.finish_reasons',
  outputType: 'gen_ai.output.type',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  /** Message content: only on spans of projects that opted in (`traceContent`). */
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  systemInstructions: 'gen_ai.system_instructions',
} as const;

export const ASKFLOW = {
  tenant: 'askflow.tenant',
  askId: 'askflow.ask.id',
  threadId: 'askflow.thread.id',
  requestId: 'askflow.request.id',
  intent: 'askflow.intent',
  tool: 'askflow.tool',
  chunks: 'askflow.chunks',
  keyMode: 'askflow.key.mode',
  attempt: 'askflow.attempt',
} as const;
