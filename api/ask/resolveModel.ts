import type { AskRequest, ModelMenu } from '@askflow/contract';
import { parseModelId } from '../../providers/catalog.js';
import type { Project } from '../../store/projects.js';
import { ApiError } from '../errors.js';

/** The menu as offered: the project default first, then the owner's curated entries. */
export function effectiveMenu(project: Project, curated: string[]): string[] {
  return [project.chatModel, ...curated.filter((id) => id !== project.chatModel)];
}

export function modelMenu(project: Project, curated: string[]): ModelMenu {
  const ids = project.modelSwitching ? effectiveMenu(project, curated) : [project.chatModel];
  return {
    switchable: project.modelSwitching,
    defaultId: project.chatModel,
    models: ids.map((id) => {
      const ref = parseModelId(id);
      return { id, provider: ref.provider, model: ref.model, isDefault: id === project.chatModel };
    }),
  };
}

const reread = 'Read the current menu with GET /service/models and pick an id from it.';

/**
 * The contract's model selection rules, decided before anything starts:
 * 1 omitted → default; 2 switching off → refused; 3 not on the menu → refused (no fallback);
 * 4 a bare name only when exactly one provider on the menu offers it; 6 voice calls ignore
 * `model` and use the voice model. (5: embeddings never depend on this; 7: the answer's `model`
 * is what this returns.)
 */
export function resolveModel(project: Project, curated: string[], req: Pick<AskRequest, 'model' | 'metadata'>): string {
  if (req.metadata?.requestType === 'voice') return project.voiceModel ?? project.chatModel;
  if (req.model === undefined) return project.chatModel;
  if (!project.modelSwitching) {
    throw new ApiError('MODEL_NOT_ALLOWED', `Model switching is off for this project: omit "model" and ${project.chatModel} answers.`);
  }
  const menu = effectiveMenu(project, curated);
  if (menu.includes(req.model)) return req.model;
  const offering = menu.filter((id) => parseModelId(id).model === req.model);
  if (offering.length === 1) return offering[0]!;
  if (offering.length > 1) {
    throw new ApiError('MODEL_NOT_ALLOWED', `"${req.model}" is offered by more than one provider on this project (${offering.join(', ')}); send the full id.`);
  }
  throw new ApiError('MODEL_NOT_ALLOWED', `"${req.model}" is not on this project's model menu. ${reread}`);
}
