import { chatProviderFor, parseModelId } from '../providers/registry.js';
import type { Pool } from '../store/pool.js';
import { getProject } from '../store/projects.js';
import type { AskWorkflowInput, GeneratedAnswer } from './types.js';

export function generateAnswer(pool: Pool) {
  return async function generateAnswer(input: AskWorkflowInput): Promise<GeneratedAnswer> {
    const project = await getProject(pool, input.tenantId);
    if (!project) throw new Error(`project ${input.tenantId} no longer exists`);
    const ref = parseModelId(input.model);
    const result = await chatProviderFor(ref).generate({
      model: ref.model,
      system: project.systemPrompt,
      history: [],
      message: input.message,
      context: [],
      temperature: project.temperature,
    });
    return { answer: result.text, usage: result.usage, model: ref.id };
  };
}
