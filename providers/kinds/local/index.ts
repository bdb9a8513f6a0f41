import type { ProviderKind } from '../../types.js';
import { LocalProvider } from './chat.js';
import { LEXICAL_MODEL, LocalLexicalEmbedder } from './embeddings.js';

/**
 * Askflow's offline provider: in-process, no network, no key, so no connection row either.
 * It is the built-in connection `local` (`local:extractive`, embeddings `local:lexical-256`),
 * the default for new projects and for tests.
 */
export const localKind: ProviderKind = {
  name: 'local',
  needsConnection: false,
  chatModels: ['extractive'],
  embeddingModels: [LEXICAL_MODEL],
  chat: () => new LocalProvider(),
  embeddings: () => new LocalLexicalEmbedder(),
};
