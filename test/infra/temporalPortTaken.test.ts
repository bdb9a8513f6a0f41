// A port taken between finding it free and the dev server binding it: the failure says so first,
// which is what the test stack's start retries on (infra/testStack.ts); buried under the server's
// panic, it was read as any other failure and the run ended.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/ports.js';
import { startTemporalDevServer } from '../../infra/temporal.js';

const dir = mkdtempSync(join(tmpdir(), 'askflow-port-taken-'));
let holder: Server | null = null;
const accepted: Socket[] = [];

afterAll(async () => {
  for (const socket of accepted) socket.destroy();
  holder?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a dev server whose port another process holds fails with "address already in use" before its log', async () => {
  const port = await freePort();
  // Accepts and never answers, as a foreign process on the port might.
  holder = createServer((socket) => void accepted.push(socket.on('error', () => undefined)));
  await new Promise<void>((resolve) => holder!.listen(port, '127.0.0.1', resolve));
  const start = startTemporalDevServer({
    port, uiPort: await freePort(), httpPort: await freePort(), metricsPort: await freePort(),
    dbFile: join(dir, 'temporal.sqlite'), logFile: join(dir, 'temporal.log'), log: () => undefined,
  });
  await expect(start).rejects.toThrow(/^The Temporal server exited \(\d+\)\. [^\n]*address already in use[^\n]* Last log lines/);
}, 60_000);
