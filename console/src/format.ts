// Numbers as people read them: money to the cent unless it is less than a cent, durations in
// ms or s, counts with thousands separators.

/** US dollars: two decimals, or enough significant digits to show a sub-cent amount at all. */
export function usd(n: number): string {
  if (n === 0) return '$0.00';
  if (Math.abs(n) >= 0.01) return `$${n.toFixed(2)}`;
  return `$${n.toPrecision(2).replace(/0+$/, '')}`;
}

/** A duration: `850 ms`, `1.24 s`. */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}
