import type { AskRequest } from '@askflow/contract';
import type { Project } from '../../store/projects.js';
import { ApiError } from '../errors.js';

/**
 * The model that will answer. Model switching is not yet configurable, so every project is
 * "switching off": rule 1 (omitted → default) and rule 2 (given → MODEL_NOT_ALLOWED) apply.
 */
export function resolveModel(project: Project, req: AskRequest): string {
  if (req.model !== undefined && req.metadata?.requestType !== 'voice') {
    throw new ApiError('MODEL_NOT_ALLOWED', `Model switching is off for this project; omit "model" to use ${project.chatModel}`);
  }
  return project.chatModel;
}
