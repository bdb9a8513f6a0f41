// A project's own allowlist of hosts its tools and knowledge URLs may reach: when the owner
// sets one, nothing else is called, even a public address — a leaked owner session cannot aim
// the project's tools (which carry end users' tokens) somewhere new.

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Whether `url` is on the allowlist; an empty list allows every host. */
export function hostAllowed(patterns: readonly string[], url: URL): boolean {
  if (!patterns.length) return true;
  const host = url.hostname.toLowerCase();
  const port = defaultPort(url);
  return patterns.some((raw) => {
    const pattern = raw.toLowerCase();
    const colon = pattern.lastIndexOf(':');
    const hasPort = colon > pattern.lastIndexOf(']');
    const name = hasPort ? pattern.slice(0, colon) : pattern;
    if (hasPort && pattern.slice(colon + 1) !== port) return false;
    return name.startsWith('*.') ? host.endsWith(name.slice(1)) : host === name;
  });
}
