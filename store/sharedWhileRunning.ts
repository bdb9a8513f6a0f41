/**
 * One query for every caller asking the same thing at the same moment: a caller arriving while a
 * query for its argument is on its way waits for that query's answer instead of sending its own.
 * Nothing is kept once the query has answered, so no caller ever sees an answer older than the
 * moment it arrived by more than one query's time — what makes it safe for an API key, which must
 * stop working as soon as it is revoked. A burst of a thousand requests with one key (a thousand
 * viewers of one answer) is then one lookup, not a thousand queued for twenty pool connections.
 */
export function sharedWhileRunning<R>(run: (arg: string) => Promise<R>): (arg: string) => Promise<R> {
  const running = new Map<string, Promise<R>>();
  return (arg) => {
    const shared = running.get(arg);
    if (shared) return shared;
    const started = run(arg).finally(() => running.delete(arg));
    running.set(arg, started);
    return started;
  };
}
