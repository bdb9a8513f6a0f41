import { localKind } from './kinds/local/index.js';
import { openaiKind } from './kinds/openai/index.js';
import { tracedChatProvider, tracedEmbedder, type TraceOptions } from './traced.js';
import type { ChatProvider, Embedder, ProviderConnection, ProviderKind } from './types.js';

export type { ProviderConnection, ProviderKind } from './types.js';

/**
 * Every protocol Askflow speaks with model providers. A kind is one folder under
 * providers/kinds/ whose index exports a ProviderKind (its chat provider, its embeddings, the
 * classification of its failures, the models it offers, whether it needs a connection row),
 * plus its entry here. An Anthropic Messages or Ollama-native adapter, say, would be:
 *
 *   providers/kinds/anthropic/         chat.ts, embeddings.ts, errors.ts and
 *     index.ts                         export const anthropicKind: ProviderKind = { name: 'anthropic', needsConnection: true, … };
 *   here:                              import { anthropicKind } from './kinds/anthropic/index.js';
 *                                      const KINDS = [openaiKind, localKind, anthropicKind];
 *
 * Nothing else dispatches on a kind: activities resolve a connection (builtInConnection, else
 * the project's row) and hand it to chatProviderFor / embedderFor; the management API checks
 * models with offeredModels. A kind with connection rows is one owners pick in the management
 * API, so the wire's enum of those (`ProviderKindSchema` in contract/src/manage.ts) lists its
 * name as well; test/providers/registry.test.ts fails while the two lists differ. A kind
 * without (`needsConnection: false`) is built in: it is a connection named after itself, a
 * name no project connection may take (ProviderNameSchema refuses it).
 */
const KINDS: readonly ProviderKind[] = [openaiKind, localKind];

export interface ModelRef {
  /** `<provider>:<model>`, as shown on the model menu. */
  id: string;
  provider: string;
  model: string;
}

/** Splits at the first colon: `ollama:llama3:8b` is provider `ollama`, model `llama3:8b`. */
export function parseModelId(id: string): ModelRef {
  const at = id.indexOf(':');
  if (at <= 0 || at === id.length - 1) throw new Error(`model id "${id}" is not of the form <provider>:<model>`);
  return { id, provider: id.slice(0, at), model: id.slice(at + 1) };
}

export function providerKinds(): readonly ProviderKind[] {
  return KINDS;
}

/** The registered kind of that name. */
export function kindOf(name: string): ProviderKind | undefined {
  return KINDS.find((k) => k.name === name);
}

/** The connection a built-in kind provides under its own name (no database row, no secret); null for any other name. */
export function builtInConnection(name: string): ProviderConnection | null {
  const kind = kindOf(name);
  return kind && !kind.needsConnection ? { name, kind: kind.name, baseUrl: '', apiKey: null } : null;
}

/** Who a connection is and what it speaks: all that decides which models it offers. */
type ConnectionKind = Pick<ProviderConnection, 'name' | 'kind'>;

function kindFor(connection: ConnectionKind): ProviderKind {
  const kind = kindOf(connection.kind);
  if (!kind) throw new Error(`provider "${connection.name}" is of kind "${connection.kind}", which is not registered`);
  return kind;
}

/** The models `connection`'s kind offers, as full ids; undefined when it offers whatever its server has. */
export function offeredModels(connection: ConnectionKind, use: 'chat' | 'embeddings'): string[] | undefined {
  const kind = kindFor(connection);
  return (use === 'chat' ? kind.chatModels : kind.embeddingModels)?.map((m) => `${connection.name}:${m}`);
}

/** The chat provider on `connection`, in the protocol of its kind; each call is a span (with message text only if `trace.captureContent`). */
export function chatProviderFor(connection: ProviderConnection, timeoutMs = 110_000, trace: TraceOptions = { captureContent: false }): ChatProvider {
  return tracedChatProvider(kindFor(connection).chat(connection, timeoutMs), connection, trace);
}

/** The embedder for `model` (the part of the embedding model id after `<provider>:`) on `connection`. */
export function embedderFor(connection: ProviderConnection, model: string): Embedder {
  const kind = kindFor(connection);
  const offered = offeredModels(connection, 'embeddings');
  const id = `${connection.name}:${model}`;
  if (offered && !offered.includes(id)) {
    throw new Error(`unknown ${connection.name} embedding model "${id}"; ${connection.name} offers ${offered.join(', ') || 'none'}`);
  }
  return tracedEmbedder(kind.embeddings(connection, model), connection, model);
}
