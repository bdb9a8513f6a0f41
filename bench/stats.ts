import { readdirSync, readFileSync } from 'node:fs';

/** Percentile of already-sorted samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}

/** Resident memory of a process, MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** CPU time a process and all its descendants used so far, ms (Linux; user + system). */
export function cpuMsTree(pid: number): number {
  const stats = new Map<number, { ppid: number; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command's closing parenthesis: state, ppid, …, utime (12th), stime (13th).
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS) });
    } catch {
      // The process ended while we read.
    }
  }
  const within = (p: number): boolean => p === pid || (p > 1 && stats.has(p) && within(stats.get(p)!.ppid));
  let total = 0;
  for (const [p, s] of stats) if (within(p)) total += s.ms;
  return total;
}

/** USER_HZ: Linux reports process times in 1/100 s on every architecture it runs here. */
const CLOCK_TICKS = 100;
