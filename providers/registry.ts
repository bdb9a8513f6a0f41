import { localKind } from './kinds/local/index.js';
import { openaiKind } from './kinds/openai/index.js';
import { offeredModels } from './catalog.js';
import { tracedChatProvider, tracedEmbedder, type TraceOptions } from './traced.js';
import type { ChatProvider, Embedder, ProviderConnection, ProviderKind } from './types.js';

export type { ProviderConnection, ProviderKind } from './types.js';
export { builtInConnection, offeredModels, parseModelId, type ModelRef } from './catalog.js';

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
 * models with offeredModels (./catalog.ts, which knows each kind by its info.ts alone, so the api
 * never loads an implementation). A kind's info goes into ./catalog.ts too. A kind with connection rows is one owners pick in the management
 * API, so the wire's enum of those (`ProviderKindSchema` in contract/src/manage.ts) lists its
 * name as well; test/providers/registry.test.ts fails while the two lists differ. A kind
 * without (`needsConnection: false`) is built in: it is a connection named after itself, a
 * name no project connection may take (ProviderNameSchema refuses it).
 */
const KINDS: readonly ProviderKind[] = [openaiKind, localKind];

export function providerKinds(): readonly ProviderKind[] {
  return KINDS;
}

/** The registered kind of that name. */
export function kindOf(name: string): ProviderKind | undefined {
  return KINDS.find((k) => k.name === name);
}

function kindFor(connection: Pick<ProviderConnection, 'name' | 'kind'>): ProviderKind {
  const kind = kindOf(connection.kind);
  if (!kind) throw new Error(`provider "${connection.name}" is of kind "${connection.kind}", which is not registered`);
  return kind;
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
