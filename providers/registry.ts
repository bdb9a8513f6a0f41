import { LocalProvider } from './local.js';
import type { ChatProvider } from './types.js';

export interface ModelRef {
  /** `<provider>:<model>`, as shown on the model menu. */
  id: string;
  provider: string;
  model: string;
}

export function parseModelId(id: string): ModelRef {
  const at = id.indexOf(':');
  if (at <= 0 || at === id.length - 1) throw new Error(`model id "${id}" is not of the form <provider>:<model>`);
  return { id, provider: id.slice(0, at), model: id.slice(at + 1) };
}

/** Chat providers by name. `local` is always there; configured connections join it later. */
export function chatProviderFor(ref: ModelRef): ChatProvider {
  if (ref.provider === 'local') return new LocalProvider();
  throw new Error(`no provider "${ref.provider}" is configured`);
}
