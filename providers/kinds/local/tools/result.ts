// A tool's result as the offline model says it: JSON read out as "key: value" sentences.
import { isObject } from './read.js';

/**
 * A tool's result as answer text, e.g. `From getWeather: temperature: 4. conditions: light rain.`
 * JSON is read out as "key: value" sentences (nested keys dotted, lists joined); other text is
 * given as it came.
 */
export function describeToolResult(tool: string, result: string): string {
  let value: unknown;
  try {
    value = JSON.parse(result);
  } catch {
    const plain = collapse(result);
    return `From ${tool}: ${plain || 'the result is empty.'}`;
  }
  const pairs: [string, string][] = [];
  flatten(value, '', pairs);
  const said = pairs.map(([key, text]) => sentence(key ? `${key}: ${text}` : text)).join(' ');
  return `From ${tool}: ${said || 'the result is empty.'}`;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function scalar(value: unknown): string {
  if (value === null || value === '') return 'none';
  return collapse(String(value));
}

function flatten(value: unknown, key: string, out: [string, string][]): void {
  const join = (k: string) => (key ? `${key}.${k}` : k);
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) {
      out.push([key, value.length ? value.map(scalar).join(', ') : 'none']);
      return;
    }
    // Numbered from 1: these keys are read by people, not programs.
    value.forEach((v, i) => flatten(v, join(String(i + 1)), out));
    return;
  }
  if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, join(k), out);
    return;
  }
  out.push([key, scalar(value)]);
}
