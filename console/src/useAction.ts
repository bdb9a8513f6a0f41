// One user action against the API (save, delete, create…): busy while it runs, its error shown
// until the next attempt or until the owner edits what caused it (`clearError`), never longer.
import { useCallback, useState } from 'react';
import { messageOf } from './api.js';

export function useAction(): {
  busy: boolean;
  error: string | null;
  clearError: () => void;
  run: <T>(work: () => Promise<T>) => Promise<T | undefined>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (err) {
      setError(messageOf(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { busy, error, clearError, run };
}
