// Hash routing keeps every page reachable by URL without server-side route knowledge. A form
// with unsaved changes can hold navigation: leaving asks first, and "stay" puts the URL back.
import { useEffect, useSyncExternalStore } from 'react';

const parse = (hash: string) => hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);

let current = window.location.hash;
let route = parse(current);
const listeners = new Set<() => void>();
/** Forms that have unsaved changes right now, by what they are called. */
const dirty = new Map<symbol, string>();

function unsavedMessage(): string | null {
  if (dirty.size === 0) return null;
  return `You have unsaved changes (${[...new Set(dirty.values())].join(', ')}). Leave without saving?`;
}

window.addEventListener('hashchange', () => {
  if (window.location.hash === current) return;
  const message = unsavedMessage();
  if (message && !window.confirm(message)) {
    // Back to where the form is; this second hashchange finds nothing changed.
    window.location.hash = current;
    return;
  }
  dirty.clear();
  current = window.location.hash;
  route = parse(current);
  for (const l of listeners) l();
});

// Closing or reloading the tab: the browser's own "Leave site?" prompt.
window.addEventListener('beforeunload', (e) => {
  if (dirty.size > 0) e.preventDefault();
});

/** The route now, outside React (what the first screen will be). */
export const currentRoute = (): string[] => route;

export function useRoute(): string[] {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, () => route);
}

export function go(path: string): void {
  window.location.hash = `#/${path}`;
}

/** While `isDirty`, leaving the page (another tab, another project, closing the window) asks first. */
export function useUnsavedChanges(isDirty: boolean, what: string): void {
  useEffect(() => {
    if (!isDirty) return;
    const id = Symbol(what);
    dirty.set(id, what);
    return () => { dirty.delete(id); };
  }, [isDirty, what]);
}
