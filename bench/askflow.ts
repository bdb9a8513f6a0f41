// What every ask bench does against the stack it started: a project to ask, a JSON ask, a
// streamed ask as an SSE client sees it.
import { createParser } from 'eventsource-parser';
import { createApiKey } from '../store/apiKeys.js';
import type { Pool } from '../store/pool.js';
import { createProject, updateProject } from '../store/projects.js';
import { upsertProvider } from '../store/providers.js';
import { parseMasterKey } from '../store/secrets.js';

export interface BenchProject {
  baseUrl: string;
  id: string;
  key: string;
}

/**
 * A project with a test key and its rate limits lifted (the benches measure latency, not the
 * limiter); with `model`, its chat model is `model:bench` on that OpenAI-compatible server and
 * it sends no history.
 */
export async function benchProject(
  pool: Pool,
  baseUrl: string,
  name: string,
  model?: { baseUrl: string; apiKey: string; masterKey: string },
): Promise<BenchProject> {
  const project = await createProject(pool, name);
  if (model) await upsertProvider(pool, project.id, 'model', model.baseUrl, model.apiKey, parseMasterKey(model.masterKey));
  await updateProject(pool, project.id, {
    rateLimitPerMinute: 1_000_000,
    keyRateLimitPerMinute: 1_000_000,
    ...(model ? { chatModel: 'model:bench', historyTokenBudget: 0 } : {}),
  });
  const { key } = await createApiKey(pool, project.id, 'test');
  return { baseUrl, id: project.id, key };
}

function post(p: BenchProject, path: string, message: string): Promise<Response> {
  return fetch(`${p.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': p.key },
    body: JSON.stringify({ tenantId: p.id, message }),
  });
}

/** A scripted model answer of `n` tokens (`token0 `, `token1 `, …). */
export function tokens(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `token${i} `);
}

/** One JSON ask, its body read; throws unless it answered 200. */
export async function askJson(p: BenchProject, message: string): Promise<Response> {
  const res = await post(p, '/service/ask', message);
  if (res.status !== 200) throw new Error(`ask failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return res;
}

/** One streamed ask read to its end: when (performance.now()) its first `delta` and its `done` arrived. */
export async function askStreamed(p: BenchProject, message: string): Promise<{ firstDeltaAt: number; doneAt: number }> {
  const res = await post(p, '/service/ask/stream', message);
  let firstDeltaAt = NaN;
  let doneAt = NaN;
  const parser = createParser({
    onEvent: (m) => {
      if (m.event === 'delta' && Number.isNaN(firstDeltaAt)) firstDeltaAt = performance.now();
      if (m.event === 'done') doneAt = performance.now();
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  return { firstDeltaAt, doneAt };
}
