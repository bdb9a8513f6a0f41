// Loads data for a page and keeps its error, so every page shows the API's message the same way.
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from './api.js';

export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): { data: T | undefined; error: string | null; reload: () => void } {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  // The latest loader, so callers may pass an inline function without re-running every render.
  const loader = useRef(load);
  loader.current = load;
  const key = JSON.stringify(deps);
  useEffect(() => {
    let live = true;
    loader.current().then((d) => { if (live) { setData(d); setError(null); } }, (e: unknown) => { if (live) setError(messageOf(e)); });
    return () => { live = false; };
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, reload };
}
