// What the client asks of the runtime it finds itself in, without assuming Node.

/** An environment variable where the runtime has them (Node, Bun, Deno with --allow-env); undefined elsewhere. */
export function readEnv(name: string): string | undefined {
  try {
    const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  } catch {
    // Deno without --allow-env throws on reading one.
    return undefined;
  }
}

/**
 * Whether this is a web page (or a web worker of one): code that anyone who opens the page can
 * read, with everything it holds. Server runtimes (Node, Bun, Deno, Workers, edge) are not.
 */
export function isBrowser(): boolean {
  const g = globalThis as { window?: { document?: unknown }; document?: unknown; importScripts?: unknown; navigator?: unknown };
  const page = typeof g.window === 'object' && typeof g.window?.document === 'object' && typeof g.navigator === 'object';
  const worker = typeof g.importScripts === 'function' && typeof g.navigator === 'object';
  return page || worker;
}

/** Refuses to run in a browser unless the caller opted in: a key in a page is a key anyone can copy. */
export function refuseBrowserUnlessAllowed(who: string, credential: string, allowed: boolean | undefined): void {
  if (!isBrowser() || allowed === true) return;
  throw new TypeError(
    `${who}: this looks like a browser, where your ${credential} would be readable by anyone who opens the page. ` +
      'Call Askflow from your server instead (or through a route of your own that holds the key). ' +
      'If you accept the risk (a local tool, an internal page behind sign-in), pass `dangerouslyAllowBrowser: true`.',
  );
}
