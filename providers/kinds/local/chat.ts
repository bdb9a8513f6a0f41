import type { Usage } from '@askflow/contract';
import { KNOWLEDGE_TOOL, type ChatProvider, type ChatRequest, type ChatResult, type ContextPassage, type DeltaHandler, type JsonOutput, type ToolChoice, type ToolSpec, type TurnOptions, type TurnRequest, type TurnResult } from '../../types.js';
import { ProviderError } from '../../errors.js';
import { assertJsonAnswer } from '../../jsonOutput.js';
import { requestsLeftOut, routeLocally } from './router.js';
import { chooseToolLocally } from './tools/match.js';
import { describeToolResult } from './tools/result.js';
import { extractiveAnswer } from './answer.js';
import { answerArithmetic } from './arithmetic.js';
import { answerConversion } from './conversion.js';
import { smallTalk, smallTalkReply } from './smallTalk.js';
import { tokenCount } from '../../../text/tokens.js';

/**
 * The extractive text as JSON output. The local model cannot shape an answer, so the only
 * object it can give is `{"answer": <text>}`; a schema that object does not satisfy is refused
 * clearly rather than answered with something the caller's parser would reject.
 */
function asJson(text: string, format: JsonOutput): string {
  const json = JSON.stringify({ answer: text });
  try {
    return assertJsonAnswer(json, format.schema);
  } catch (err) {
    if (!(err instanceof ProviderError) || err.kind !== 'output_invalid') throw err;
    throw new ProviderError(
      `The offline local model cannot produce JSON matching this jsonSchema: it can only answer {"answer": "<text>"}, and ${err.message}. Configure an OpenAI-compatible provider for answers in this shape.`,
      'output_invalid',
      false,
    );
  }
}

/**
 * Askflow's offline provider: no network, no key. It cannot reason; it answers extractively
 * from the knowledge chunks and tool results it is given, and says so when it has none.
 */
export class LocalProvider implements ChatProvider {
  readonly name = 'local';

  generate(req: ChatRequest, onDelta?: DeltaHandler): Promise<ChatResult> {
    return this.compose(req, req.message, onDelta);
  }

  /** The answer to `question`: the whole message, or the part of it knowledge was searched for; `afterword` said last. */
  private async compose(req: ChatRequest, question: string, onDelta?: DeltaHandler, afterword?: string): Promise<ChatResult> {
    const toolResults = req.context.filter((p) => p.kind === 'tool');
    const chunks = req.context.filter((p) => p.kind !== 'tool');
    const picked = extractiveAnswer(question, chunks);
    // A tool was called for this message, so its result is the answer; knowledge that matches
    // the question follows it, each quote with its source. Without either: arithmetic it can
    // work out, a word back to small talk, or why there is no answer.
    const extractive = toolResults.length
      ? [...toolResults.map((p) => describeToolResult(p.source, p.text)), ...(picked ? [picked] : [])].join(' ')
      : picked
        ? picked
        : chunks.length
          ? `None of the ${chunks.length} passage(s) available to the offline local model mention what you asked about.`
          : direct(req.message);
    const said = afterword ? `${extractive} ${afterword}` : extractive;
    const text = req.responseFormat ? asJson(said, req.responseFormat) : said;
    const prompt = [req.system, ...req.history.map((t) => t.content), ...req.context.map((c) => c.text), req.message].join('\n');
    if (onDelta) {
      // Streamed word by word like a remote model would, so clients see the same shape of
      // stream; JSON output goes in one piece, as the contract asks.
      for (const piece of req.responseFormat ? [text] : wordPieces(text)) await onDelta(piece);
    }
    return { text, usage: counted(prompt, text) };
  }

  /**
   * First round: the local router decides which tools to call. Later rounds (or when the router
   * calls nothing): the extractive answer from what the calls brought back.
   */
  async respond(req: TurnRequest, options: TurnOptions = {}): Promise<TurnResult> {
    let reason: string | undefined;
    if (!req.rounds.length && req.toolChoice === 'auto' && req.tools.length) {
      const route = await routeLocally(req.message, req.tools, options.corpus);
      if (route.calls.length) {
        return { kind: 'tool_calls', calls: route.calls, reason: route.reason, usage: counted([req.message, JSON.stringify(req.tools)].join('\n'), JSON.stringify(route.calls)) };
      }
      // Answered directly: why nothing was searched or called is as much the router's decision.
      reason = route.reason;
      options.onDecision?.(reason);
    }
    const found = req.rounds.flatMap((r) => r.results.flatMap((res): ContextPassage[] => res.passages ?? [{ source: res.name, text: res.content, kind: 'tool' }]));
    // Beside a tool call, knowledge was searched for only part of the message: quote for that part.
    const searched = req.rounds.flatMap((r) => r.calls).find((c) => c.name === KNOWLEDGE_TOOL.name)?.arguments.query;
    const question = typeof searched === 'string' && searched.trim() ? searched : req.message;
    // A message that asked for more look-ups than a round makes is told how many were left out.
    const made = req.rounds[0]?.calls.filter((c) => c.name !== KNOWLEDGE_TOOL.name).length ?? 0;
    const { left, limit } = made ? await requestsLeftOut(req.message, req.tools, made, options.corpus) : { left: 0, limit: 0 };
    const afterword = left ? `(${left} more ${left > 1 ? 'requests' : 'request'} of the message ${left > 1 ? 'were' : 'was'} not looked up: at most ${limit} are at once.)` : undefined;
    return { kind: 'answer', ...(await this.compose({ ...req, context: [...req.context, ...found] }, question, options.onDelta, afterword)), ...(reason ? { reason } : {}) };
  }

  async chooseTool(req: ChatRequest, tools: ToolSpec[]): Promise<{ choice: ToolChoice | null; usage: Usage }> {
    const choice = chooseToolLocally(req.message, tools);
    // Counted as a model would bill it: the question and the tool specs in, the choice out.
    return { choice, usage: counted([req.message, JSON.stringify(tools)].join('\n'), JSON.stringify(choice)) };
  }
}

/** What the offline model says with nothing to quote: a sum or a conversion it can work out, small talk, or what it cannot do. */
function direct(message: string): string {
  const sum = answerArithmetic(message) ?? answerConversion(message);
  if (sum) return sum;
  const talk = smallTalk(message);
  if (talk) return smallTalkReply(talk);
  return "This is the offline local model: it answers only from the project's knowledge and tool results, and none were used for this message. Configure an OpenAI-compatible provider for open-ended answers.";
}

function counted(prompt: string, completion: string): Usage {
  const promptTokens = tokenCount(prompt);
  const completionTokens = tokenCount(completion);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

/** Each word with the whitespace after it (leading whitespace alone), so the pieces join back to `text` exactly. */
function wordPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
