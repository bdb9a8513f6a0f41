import type { Usage } from '@askflow/contract';
import type { ChatProvider, ChatRequest, ChatResult, ContextPassage, DeltaHandler, JsonOutput, ToolChoice, ToolSpec } from './types.js';
import { ProviderError } from './errors.js';
import { assertJsonAnswer } from './jsonOutput.js';
import { chooseToolLocally, describeToolResult } from './localTools.js';
import { sentences, terms } from './terms.js';
import { tokenCount } from './tokens.js';

/** The sentences of the context that share the most terms with the question, in source order. */
function extract(message: string, context: ContextPassage[], limit = 3): string[] {
  const wanted = new Set(terms(message));
  const scored = context.flatMap((p, pi) =>
    sentences(p.text).map((s, si) => ({ s, order: pi * 10_000 + si, score: terms(s).filter((t) => wanted.has(t)).length })),
  );
  const best = scored.filter((x) => x.score > 0).sort((a, b) => b.score - a.score || a.order - b.order).slice(0, limit);
  return best.sort((a, b) => a.order - b.order).map((x) => x.s);
}

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

  async generate(req: ChatRequest, onDelta?: DeltaHandler): Promise<ChatResult> {
    const toolResults = req.context.filter((p) => p.kind === 'tool');
    const chunks = req.context.filter((p) => p.kind !== 'tool');
    const picked = extract(req.message, chunks);
    // A tool was called for this message, so its result is the answer; knowledge that matches
    // the question follows it. Without one, the extractive answer or why there is none.
    const extractive = toolResults.length
      ? [...toolResults.map((p) => describeToolResult(p.source, p.text)), ...picked].join(' ')
      : picked.length
        ? picked.join(' ')
        : chunks.length
          ? `None of the ${chunks.length} passage(s) available to the offline local model mention what you asked about.`
          : 'This is the offline local model: it answers only from the project\'s knowledge and tool results, and none were used for this message. Configure an OpenAI-compatible provider for open-ended answers.';
    const text = req.responseFormat ? asJson(extractive, req.responseFormat) : extractive;
    const prompt = [req.system, ...req.history.map((t) => t.content), ...req.context.map((c) => c.text), req.message].join('\n');
    if (onDelta) {
      // Streamed word by word like a remote model would, so clients see the same shape of
      // stream; JSON output goes in one piece, as the contract asks.
      for (const piece of req.responseFormat ? [text] : wordPieces(text)) await onDelta(piece);
    }
    return { text, usage: counted(prompt, text) };
  }

  async chooseTool(req: ChatRequest, tools: ToolSpec[]): Promise<{ choice: ToolChoice | null; usage: Usage }> {
    const choice = chooseToolLocally(req.message, tools);
    // Counted as a model would bill it: the question and the tool specs in, the choice out.
    return { choice, usage: counted([req.message, JSON.stringify(tools)].join('\n'), JSON.stringify(choice)) };
  }
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
