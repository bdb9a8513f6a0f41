// The harness closes what a test file leaves listening, requests in flight and all, so jest's
// workers exit on their own at the end of a run instead of being killed.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closedWithFile, closeOpenServers } from '../fakes/openServers.js';

describe('servers a test file leaves open', () => {
  it('are closed, dropping a request they never answered', async () => {
    // A held answer, as a tool endpoint scripted to hang holds one: a plain close() would wait for it for ever.
    const server = closedWithFile(createServer(() => {}));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const answered = new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port }, () => resolve('answered'));
      req.on('error', (err) => resolve(err.message));
      req.end();
    });
    await new Promise((r) => server.once('request', r));

    await closeOpenServers();
    expect(server.listening).toBe(false);
    expect(await answered).toBe('socket hang up');
  });
});
