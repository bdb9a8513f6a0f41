// Loads data for a page and keeps its error, so every page shows the API's message the same way.
// A reload keeps the data on screen until the new answer arrives; a success clears the error.
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from './api.js';

export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): { data: T | undefined; error: string | null; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  // The latest loader, so callers may pass an inline function without re-running every render.
  const loader = useRef(load);
  loader.current = load;
  const key = JSON.stringify(deps);
  useEffect(() => {
    let live = true;
    setLoading(true);
    loader.current().then(
      (d) => { if (live) { setData(d); setError(null); setLoading(false); } },
      (e: unknown) => { if (live) { setError(messageOf(e)); setLoading(false); } },
    );
    return () => { live = false; };
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}
