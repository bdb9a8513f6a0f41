import { useEffect, useState } from 'react';

/**
 * Copies a value to the clipboard and says so for two seconds (and never for another value);
 * falls back to a prompt to copy by hand when the browser denies the clipboard.
 */
export function CopyButton({ value, label = 'Copy', onCopied }: { value: string; label?: string; onCopied?: () => void }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [value]);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      onCopied?.();
    } catch {
      window.prompt('Copy this value', value);
    }
  };
  // The label stays the accessible name; "Copied" is announced through the live region.
  return (
    <>
      <button type="button" className="copy" aria-label={label} onClick={() => void copy()}>
        <span aria-hidden="true">{copied ? 'Copied ✓' : label}</span>
      </button>
      <span className="visually-hidden" role="status">{copied ? 'Copied to the clipboard' : ''}</span>
    </>
  );
}
