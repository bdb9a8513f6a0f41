// PostgreSQL LISTEN/NOTIFY: a push channel between processes that already share the database
// (the worker pushes an ask's live events, the api replica streaming that ask listens).
// Best effort by design: a notification sent while nobody listens, or while the listening
// connection is down, is gone — callers keep a durable record elsewhere.
import pg from 'pg';
import type { Pool } from './pool.js';

/** NOTIFY's payload limit is 8000 bytes; bigger messages are not pushed. */
export const MAX_NOTIFY_BYTES = 7_900;

/** Channel names are inlined into LISTEN (it takes no parameters): lower-case identifiers only. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checked(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/** Whether NOTIFY takes `payload` (a longer one fails the statement that sends it). */
export function fitsNotify(payload: string): boolean {
  return Buffer.byteLength(payload) <= MAX_NOTIFY_BYTES;
}

/** Sends `payload` on `channel` (false when it is too big to push). */
export async function notify(pool: Pool, channel: string, payload: string): Promise<boolean> {
  if (!fitsNotify(payload)) return false;
  await pool.query('SELECT pg_notify($1, $2)', [checked(channel), payload]);
  return true;
}

export interface ChannelListener {
  /**
   * Calls `onMessage` with each payload sent on `channel` until the returned function is called.
   * Resolves once LISTEN is in place — or the connection could not be made: then nothing arrives
   * until a later `listen` reconnects (the caller's durable path covers the gap). `onLost` hears
   * each time the listening connection is lost: what is sent until it is back is gone.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost?: () => void): Promise<() => void>;
  /** Whether the listening connection is up now (what is sent from now on arrives, until `onLost`). */
  connected(): boolean;
  close(): Promise<void>;
}

/** How soon a lost listening connection is made again. */
const RECONNECT_MS = 1_000;

/** One dedicated connection (not the pool's: a listening session must stay open) for many channels. */
export function createChannelListener(pool: Pool): ChannelListener {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const lostHandlers = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client | null> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  // Statements on the listening connection go one at a time, in the order asked: many asks
  // start listening at once, and pg (deprecated now, refused from pg 9) takes no query on a
  // client still busy with another. In order, an UNLISTEN never overtakes its channel's LISTEN.
  let statements: Promise<void> = Promise.resolve();
  const send = (c: pg.Client, sql: string): Promise<void> =>
    (statements = statements.then(() => c.query(sql)).then(
      () => undefined,
      () => undefined,
    ));

  function connection(): Promise<pg.Client | null> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client(pool.options);
      const lost = () => {
        if (client !== c) return;
        client = null;
        reconnectLater();
        for (const h of lostHandlers) h();
      };
      const drop = () => {
        lost();
        c.end().catch(() => undefined);
      };
      c.on('error', drop);
      c.on('end', lost);
      c.on('notification', (m) => {
        for (const h of handlers.get(m.channel) ?? []) h(m.payload ?? '');
      });
      try {
        await c.connect();
        // Channels asked for before (or while) this connection came up.
        for (const channel of handlers.keys()) await c.query(`LISTEN ${channel}`);
        if (closed) throw new Error('closed');
        client = c;
        return c;
      } catch {
        drop();
        reconnectLater();
        return null;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  /**
   * A connection lost while channels are listened to comes back by itself (a channel held for
   * the process's life, like the api's answers, has no later `listen` to bring it back).
   */
  function reconnectLater(): void {
    if (closed || !handlers.size || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connection();
    }, RECONNECT_MS);
    retry.unref();
  }

  return {
    async listen(channel, onMessage, onLost) {
      checked(channel);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onMessage);
      if (onLost) lostHandlers.add(onLost);
      if (first && !closed) {
        const c = await connection();
        if (c) await send(c, `LISTEN ${channel}`);
      }
      return () => {
        if (onLost) lostHandlers.delete(onLost);
        if (!set.delete(onMessage) || set.size) return;
        handlers.delete(channel);
        if (client) void send(client, `UNLISTEN ${channel}`);
      };
    },
    connected() {
      return client !== null;
    },
    async close() {
      closed = true;
      lostHandlers.clear();
      if (retry) clearTimeout(retry);
      handlers.clear();
      const c = client ?? (await connecting);
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
