import type { ChatProvider, ChatRequest, ChatResult, ContextPassage, DeltaHandler, JsonOutput } from './types.js';
import { ProviderError } from './errors.js';
import { assertJsonAnswer } from './jsonOutput.js';
import { tokenCount } from './tokens.js';

const STOPWORDS = new Set(
  'a an and are as at be but by can do does for from has have how i in is it its me my of on or our so that the their them then there these this to was what when where which who why will with you your'.split(' '),
);

function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 && !STOPWORDS.has(t));
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

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
    const picked = extract(req.message, req.context);
    const extractive = picked.length
      ? picked.join(' ')
      : req.context.length
        ? `None of the ${req.context.length} passage(s) available to the offline local model mention what you asked about.`
        : 'This is the offline local model: it answers only from the project\'s knowledge and tool results, and none were used for this message. Configure an OpenAI-compatible provider for open-ended answers.';
    const text = req.responseFormat ? asJson(extractive, req.responseFormat) : extractive;
    const prompt = [req.system, ...req.history.map((t) => t.content), ...req.context.map((c) => c.text), req.message].join('\n');
    const promptTokens = tokenCount(prompt);
    const completionTokens = tokenCount(text);
    if (onDelta) {
      // Streamed word by word like a remote model would, so clients see the same shape of
      // stream; JSON output goes in one piece, as the contract asks.
      for (const piece of req.responseFormat ? [text] : wordPieces(text)) await onDelta(piece);
    }
    return { text, usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens } };
  }
}

/** Each word with the whitespace after it (leading whitespace alone), so the pieces join back to `text` exactly. */
function wordPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
