import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Whether something already listens on the port. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(true));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(false)));
  });
}

/**
 * The local ports the OS gives outgoing connections (Linux's ip_local_port_range; its default
 * where that cannot be read). A listening port chosen in it can be taken by any connection made
 * before the service binds it — a PostgreSQL or gRPC client of the stack starting up.
 */
function readEphemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {
    // not Linux
  }
  return [32_768, 60_999];
}

let ephemeral: [number, number] | undefined;

/** Ports this process has handed out, so two services it starts never get the same one. */
const handedOut = new Set<number>();

/**
 * A free port for a service to listen on, tried at random in [20000, 32000) outside the OS's
 * range for outgoing connections — not the OS's own pick for port 0, which comes from that range,
 * so that between choosing and binding no client's connection takes it (seen: the api of a
 * starting stack failing with EADDRINUSE). Below 32768 also because Temporal keeps its services'
 * membership ports in a PostgreSQL `smallint`.
 */
export async function freePort(): Promise<number> {
  const [low, high] = (ephemeral ??= readEphemeralRange());
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if ((port >= low && port <= high) || handedOut.has(port) || (await portInUse(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port in 20000–31999 outside the ephemeral range ${low}–${high}`);
}
