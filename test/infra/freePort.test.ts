import { readFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { freePort } from '../../infra/ports.js';

// A stack's services are told their ports before they bind them, seconds later. A port from the
// OS's range for outgoing connections could be taken in between by any client connection the
// starting stack makes (an api failing with EADDRINUSE in `npm test`).
const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number) as [number, number];

describe('freePort', () => {
  it('hands out distinct ports that outgoing connections never use, and that can be listened on', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 50; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(50);
    expect(ports.filter((p) => p >= low && p <= high)).toEqual([]);

    // The local ports of many connections made meanwhile are none of them.
    const server = createServer((s) => s.destroy());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const target = (server.address() as { port: number }).port;
    const sockets: Socket[] = [];
    for (let i = 0; i < 200; i++) {
      const s = connect(target, '127.0.0.1');
      await new Promise((r) => s.once('connect', r));
      sockets.push(s);
    }
    const local = sockets.map((s) => s.localPort!);
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
    expect(local.filter((p) => ports.includes(p))).toEqual([]);

    const listener = createServer();
    await new Promise<void>((r) => listener.listen(ports[0], '127.0.0.1', r));
    await new Promise((r) => listener.close(r));
  });
});
