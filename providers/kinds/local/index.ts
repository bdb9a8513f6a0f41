import type { ProviderKind } from '../../types.js';
import { LocalProvider } from './chat.js';
import { LocalLexicalEmbedder } from './embeddings.js';
import { localInfo } from './info.js';

export const localKind: ProviderKind = {
  ...localInfo,
  chat: () => new LocalProvider(),
  embeddings: () => new LocalLexicalEmbedder(),
};
