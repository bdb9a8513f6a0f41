// The local HTTP servers a test file starts (tool endpoints, model and vector-store stand-ins,
// receivers) are closed when the file ends, whether or not its tests close them: a server still
// listening outlives its file in the jest worker, and at the end of the run keeps that worker
// from exiting, so that jest kills it ("A worker process has failed to exit gracefully").
import type { Server } from 'node:http';

const open = new Set<Server>();

/** `server`, to be closed (its connections dropped) when the test file ends unless it is closed before. */
export function closedWithFile<S extends Server>(server: S): S {
  open.add(server);
  server.once('close', () => open.delete(server));
  return server;
}

/** Closes every server of this file still open: the test environment (test/stack/environment.mjs) runs it once the file is done. */
export async function closeOpenServers(): Promise<void> {
  await Promise.all(
    [...open].map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
}

// Where the test environment finds it: a test file's modules and its environment share this global.
(globalThis as { __askflowCloseOpenServers?: () => Promise<void> }).__askflowCloseOpenServers = closeOpenServers;
