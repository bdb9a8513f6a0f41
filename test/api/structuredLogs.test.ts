// Structured logs as an operator greps them: the api's line for a request and the worker's lines
// for the activities of that ask carry its requestId, tenant and ask id.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASK_ID_HEADER } from '@askflow/contract';
import { ask, closeDb, stackInfo } from '../stack/context.js';
import { weatherProject } from '../stack/weatherProject.js';

afterAll(() => closeDb());

const linesOf = (file: string) =>
  readFileSync(join(stackInfo().logDir, file), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function eventually<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the log line never came');
}

describe('structured logs', () => {
  it('carry requestId, tenant and askId in the api and the worker', async () => {
    const p = await weatherProject();
    // The tool fails once (503): the worker logs the failed attempt before the retry answers.
    p.tool.script({ status: 503, body: { error: 'busy' } });
    const res = await ask(p, { message: "What's the weather in Oslo?" });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('X-Request-Id')!;
    const askId = res.headers.get(ASK_ID_HEADER)!;

    const access = await eventually(() => linesOf('api.log').find((l) => l.msg === 'request' && l.requestId === requestId));
    expect(access).toMatchObject({ requestId, tenant: p.tenantId, askId, method: 'POST', route: '/service/ask', status: 200, service: 'api' });

    const failed = await eventually(() => linesOf('worker.log').find((l) => l.askId === askId && l.component === 'temporal-sdk' && /fail/i.test(String(l.msg))));
    expect(failed).toMatchObject({ askId, tenant: p.tenantId, requestId, service: 'worker' });
    expect(failed.activityType).toBe('invokeTool');
  });
});
