// One streamed ask through the public service API, folded into what the playground shows.
import { errorFrom, ApiError } from './api.js';
import { readSse } from './sse.js';

export interface Source { documentId: string; document: string; chunk: number; score: number }
export interface AskResult {
  askId: string | null;
  threadId?: string;
  answer: string;
  intent?: string;
  toolUsed?: string | null;
  ragChunksUsed?: number;
  sources?: Source[];
  usage?: { promptTokens: number; completionTokens: number; totalTokens: number };
  model?: string;
  phase?: string;
  error?: string;
  done: boolean;
}

export async function askStream(
  req: { apiKey: string; tenantId: string; message: string; threadId?: string; model?: string },
  onUpdate: (r: AskResult) => void,
): Promise<AskResult> {
  const res = await fetch('/service/ask/stream', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'X-API-Key': req.apiKey },
    body: JSON.stringify({
      tenantId: req.tenantId, message: req.message,
      ...(req.threadId ? { threadId: req.threadId } : {}), ...(req.model ? { model: req.model } : {}),
    }),
  });
  // Refusals come back as plain JSON before any stream starts.
  if (!res.ok || !res.body) throw res.ok ? new ApiError(res.status, 'Error', 'empty stream') : await errorFrom(res);
  let result: AskResult = { askId: res.headers.get('Askflow-Ask-Id'), answer: '', done: false };
  for await (const msg of readSse(res.body)) {
    const data = JSON.parse(msg.data) as Record<string, unknown>;
    switch (msg.event) {
      case 'thinking': result = { ...result, phase: String(data.phase) }; break;
      case 'retrieval': result = { ...result, ragChunksUsed: Number(data.chunks) }; break;
      case 'tool.calling': result = { ...result, toolUsed: String(data.name), phase: 'calling_tool' }; break;
      case 'delta': result = { ...result, answer: result.answer + String(data.content) }; break;
      case 'reset': result = { ...result, answer: '' }; break;
      case 'done': result = { ...result, ...(data as Partial<AskResult>), done: true, phase: undefined }; break;
      case 'error': result = { ...result, error: `${String(data.code)}: ${String(data.message)}`, done: true }; break;
      default: break;
    }
    onUpdate(result);
    if (result.done) break;
  }
  return result;
}
