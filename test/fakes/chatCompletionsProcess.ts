import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DIST_DIR } from '../../infra/paths.js';
import type { Behaviour } from './chatCompletionsServer.js';

/**
 * The chat-completions test server run in a child process (built in dist/ with the rest), for
 * tests whose own process is loaded enough to delay a server living in it — a thousand SSE
 * readers — so that the model's stream, not the reader, sets the pace. Behaviours go by IPC.
 */
export async function startChatCompletionsProcess(): Promise<{ baseUrl: string; apiKey: string; script(...b: Behaviour[]): Promise<void>; close(): Promise<void> }> {
  const child: ChildProcess = fork(join(DIST_DIR, 'test', 'fakes', 'chatCompletionsMain.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (m) => resolve(m as T));
      child.once('exit', (code) => reject(new Error(`chat-completions process exited (${code})`)));
    });
  const { baseUrl, apiKey } = await next<{ baseUrl: string; apiKey: string }>();
  return {
    baseUrl,
    apiKey,
    async script(...behaviours) {
      const done = next();
      child.send({ script: behaviours });
      await done;
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await exited;
    },
  };
}
