import type { ProviderKindInfo } from '../../types.js';
import { LEXICAL_MODEL } from './embeddings.js';

/**
 * Askflow's offline provider: in-process, no network, no key, so no connection row either.
 * It is the built-in connection `local` (`local:extractive`, embeddings `local:lexical-256`),
 * the default for new projects and for tests.
 */
export const localInfo: ProviderKindInfo = {
  name: 'local',
  needsConnection: false,
  chatModels: ['extractive'],
  embeddingModels: [LEXICAL_MODEL],
};
