import type { ProjectView } from '@askflow/contract';
import type { Pool } from '../../store/pool.js';
import { listPrices } from '../../store/prices.js';
import { getMenu, type Project } from '../../store/projects.js';
import { listProviders } from '../../store/providers.js';
import { effectiveMenu } from '../ask/resolveModel.js';

export async function projectView(pool: Pool, project: Project): Promise<ProjectView> {
  const [menu, providers, prices] = await Promise.all([getMenu(pool, project.id), listProviders(pool, project.id), listPrices(pool, project.id)]);
  return {
    id: project.id,
    name: project.name,
    chatModel: project.chatModel,
    temperature: project.temperature,
    systemPrompt: project.systemPrompt,
    toolsEnabled: project.toolsEnabled,
    ragEnabled: project.ragEnabled,
    modelSwitching: project.modelSwitching,
    models: effectiveMenu(project, menu),
    voiceModel: project.voiceModel,
    historyTokenBudget: project.historyTokenBudget,
    maxToolRounds: project.maxToolRounds,
    fallbackModels: project.fallbackModels,
    traceContent: project.traceContent,
    threadConcurrency: project.threadConcurrency,
    rateLimitPerMinute: project.rateLimitPerMinute,
    keyRateLimitPerMinute: project.keyRateLimitPerMinute,
    embeddingModel: project.embeddingModel,
    ragTopK: project.ragTopK,
    ragMinScore: project.ragMinScore,
    chunkTokens: project.chunkTokens,
    chunkOverlap: project.chunkOverlap,
    allowedHosts: project.allowedHosts,
    providers,
    prices,
  };
}
