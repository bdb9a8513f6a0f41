import { useState } from 'react';

/** Copies a value to the clipboard and says so; falls back to selecting it when denied. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      window.prompt('Copy this value', value);
    }
  };
  return <button type="button" onClick={() => void copy()}>{copied ? 'Copied' : label}</button>;
}
