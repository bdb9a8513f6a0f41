import { DEFAULT_MODEL_ALIAS, type ModelMenu, type OpenAiModelList } from '@askflow/contract';

type ModelEntry = OpenAiModelList['data'][number];

/**
 * The project's model menu as OpenAI's model list: `default` (the project default, whichever it
 * is when asked) first, then every id the menu offers. `owned_by` is the provider; `created` is 0,
 * as Askflow does not know when a provider made its model.
 */
export function modelList(menu: ModelMenu): OpenAiModelList {
  const entry = (id: string, provider: string): ModelEntry => ({ id, object: 'model', created: 0, owned_by: provider });
  const byDefault = menu.models.find((m) => m.isDefault) ?? menu.models[0]!;
  return { object: 'list', data: [entry(DEFAULT_MODEL_ALIAS, byDefault.provider), ...menu.models.map((m) => entry(m.id, m.provider))] };
}
