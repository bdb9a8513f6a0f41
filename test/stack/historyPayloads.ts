import type { Payload, PayloadCodec } from '@temporalio/common';

const isPayload = (v: unknown): v is Payload => typeof v === 'object' && v !== null && 'data' in v && 'metadata' in v && (v as Payload).data instanceof Uint8Array;

/** Every payload in a history (inputs, results, markers, updates, headers…), with where it sits. */
export function payloadsIn(node: unknown, path = '', found: { path: string; payload: Payload }[] = []): { path: string; payload: Payload }[] {
  if (isPayload(node)) found.push({ path, payload: node });
  else if (Array.isArray(node)) node.forEach((v, i) => payloadsIn(v, `${path}[${i}]`, found));
  else if (node && typeof node === 'object' && !(node instanceof Uint8Array)) for (const [k, v] of Object.entries(node)) payloadsIn(v, `${path}.${k}`, found);
  return found;
}

/** A copy of a history with every payload decoded by `codec`: what an operator with the key sees. */
export async function decodedHistory<T>(history: T, codec: PayloadCodec): Promise<T> {
  const walk = async (node: unknown): Promise<unknown> => {
    if (isPayload(node)) return (await codec.decode([node]))[0];
    if (Array.isArray(node)) return Promise.all(node.map(walk));
    if (node && typeof node === 'object' && !(node instanceof Uint8Array)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node)) out[k] = await walk(v);
      return out;
    }
    return node;
  };
  return (await walk(history)) as T;
}
