// A date a tool's parameter takes ("date", "day", "e.g. 2026-12-24"), read off the question in any
// of the ways people write one ("on December 24", "next Friday", "tomorrow", "24/12") by the npm
// package chrono-node, and written as the parameter's example is (a date, or a date and a time).
import { parse } from 'chrono-node';
import { subjectTerms, type Read } from './read.js';

const DATE_WORDS = new Set(['date', 'day', 'when', 'datetime', 'deadline']);
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const ISO_DATE_TIME = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** Whether a parameter takes a date: named so ("date", "pickupDay"), or showing an ISO date by example. */
export function isDateLike(name: string, description: unknown): boolean {
  return [...subjectTerms(name)].some((t) => DATE_WORDS.has(t)) || (typeof description === 'string' && ISO_DATE.test(description));
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first date the question gives, the next one to come when it says no year ("December 24",
 * "Friday"), as YYYY-MM-DD; with its time (YYYY-MM-DDTHH:MM) when the parameter's example shows
 * one and the question says it. Relative to `now`: the router runs in an activity.
 */
export function dateIn(question: string, description: unknown, now = new Date()): Read<string> | undefined {
  const found = parse(question, now, { forwardDate: true })[0];
  if (!found) return undefined;
  const d = found.start.date();
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const withTime = typeof description === 'string' && ISO_DATE_TIME.test(description) && found.start.isCertain('hour');
  return { value: withTime ? `${day}T${pad(d.getHours())}:${pad(d.getMinutes())}` : day };
}
