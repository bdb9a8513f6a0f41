import { builtInConnection, parseModelId } from '../../providers/registry.js';
import type { AskPlan, AskWorkflowInput, ModelPlan } from '../../interface/ask.js';
import { FAILURE_TYPES } from '../../interface/failures.js';
import type { Pool } from '../../store/pool.js';
import { readPlanRows } from '../../store/planRows.js';
import { StepFailure } from '../failures.js';

/** The model on its connection: a built-in one or one of the project's (`connections`). */
function modelPlan(id: string, connections: { name: string; kind: string; version: string }[]): ModelPlan {
  const ref = parseModelId(id);
  const builtIn = builtInConnection(ref.provider);
  if (builtIn) return { id, provider: ref.provider, kind: builtIn.kind, name: ref.model };
  const connection = connections.find((c) => c.name === ref.provider);
  if (!connection) throw new StepFailure(`provider "${ref.provider}" is no longer configured for this project`, FAILURE_TYPES.refused, false);
  return { id, provider: ref.provider, kind: connection.kind, name: ref.model, connection: connection.version };
}

/**
 * The ask's first step: everything it runs with, read from the project once. The model is the
 * one the api resolved by the selection rules; the rest are the project's settings now.
 */
export function planAsk(pool: Pool) {
  return async function planAsk(input: AskWorkflowInput): Promise<AskPlan> {
    return readPlan(pool, input.tenantId, input.model, input.modelNamed === true);
  };
}

/** The project's plan for an ask answered by `modelId` (by default the project's chat model). */
export async function readPlan(pool: Pool, projectId: string, modelId?: string, modelNamed = false): Promise<AskPlan> {
  // Read with the project in one statement: its documents and tools even when the project turns
  // out to have RAG or tools off, and the prices of every model the plan may name.
  const { project, hasDocuments, tools: projectTools, connections, prices } = await readPlanRows(pool, projectId, modelId);
  if (!project) throw new StepFailure(`project ${projectId} no longer exists`, FAILURE_TYPES.projectGone, false);
  const model = modelId ?? project.chatModel;
  // A caller who named the model gets it or an error; otherwise the owner's fallbacks stand by.
  const fallbackIds = modelNamed ? [] : project.fallbackModels.filter((m) => m !== model);
  const priceOf = (m: string) => prices[m] ?? null;
  const indexed = project.ragEnabled && hasDocuments;
  const tools = project.toolsEnabled ? projectTools : [];
  return {
    projectId: project.id,
    model: modelPlan(model, connections),
    systemPrompt: project.systemPrompt,
    temperature: project.temperature,
    historyTokenBudget: project.historyTokenBudget,
    maxToolRounds: project.maxToolRounds,
    ...(project.traceContent ? { traceContent: true } : {}),
    ...(fallbackIds.length ? { fallbacks: fallbackIds.map((m) => ({ model: modelPlan(m, connections), price: priceOf(m) })) } : {}),
    knowledge: indexed ? { embeddingModel: modelPlan(project.embeddingModel, connections), topK: project.ragTopK, minScore: project.ragMinScore } : null,
    tools: tools.map(({ name, description, parameters, url, method, timeoutMs, forwardHeaders }) => ({ name, description, parameters, url, method, timeoutMs, forwardHeaders })),
    ...(project.toolsEnabled && project.allowedHosts.length ? { allowedHosts: project.allowedHosts } : {}),
    price: priceOf(model),
  };
}
