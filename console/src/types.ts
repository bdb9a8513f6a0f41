// Shapes of the management API's answers (docs/management-api.md).
export interface Owner { id: string; email: string }
export interface Provider { name: string; baseUrl: string; hasApiKey: boolean }
export interface Price { modelId: string; inputPerMillion: number; outputPerMillion: number }
export interface Project {
  id: string; name: string; chatModel: string; temperature: number; systemPrompt: string;
  toolsEnabled: boolean; ragEnabled: boolean; modelSwitching: boolean; models: string[];
  voiceModel: string | null; historyTokenBudget: number;
  providers: Provider[]; prices: Price[];
}
export interface ApiKey {
  id: string; mode: 'live' | 'test'; prefix: string; name: string | null;
  createdAt: string; lastUsedAt: string | null; revokedAt: string | null;
}
export interface Tool {
  id: string; name: string; description: string; parameters: Record<string, unknown>;
  url: string; method: string; timeoutMs: number; forwardHeaders: string[];
}
export interface SigningSecret { secret: string; previous: null | { secret: string; expiresAt: string } }
export interface Document {
  id: string; name: string; kind: string; sourceUrl: string | null; title: string | null;
  status: 'pending' | 'ingesting' | 'ready' | 'failed'; error: string | null;
  chunksTotal: number | null; chunksEmbedded: number | null; createdAt: string; updatedAt: string;
}
export interface Chunk { index: number; headings: string[]; text: string; tokenCount: number }
export interface ThreadSummary { id: string; externalThreadId: string | null; createdAt: string; updatedAt: string; turns: number; lastMessage: string | null }
export interface Usage { promptTokens: number; completionTokens: number; totalTokens: number }
export interface Turn {
  id: string; workflowId: string; requestId: string; externalUserId: string | null;
  userMessage: string; answer: string; intent: string; model: string; toolUsed: string | null;
  ragChunksUsed: number; usage: Usage; costUsd: number; latencyMs: number; isTest: boolean; createdAt: string;
}
export interface ConsoleConfig { temporalUiUrl: string; temporalNamespace: string }
export interface SeriesPoint {
  t: string; model: string; traffic: 'live' | 'test'; asks: number; promptTokens: number;
  completionTokens: number; totalTokens: number; costUsd: number; latencyP50Ms: number; latencyP95Ms: number;
}
export interface TrafficTotals { asks: number; totalTokens: number; costUsd: number }
export interface Analytics { bucket: 'hour' | 'day'; from: string; to: string; series: SeriesPoint[]; totals: { live: TrafficTotals; test: TrafficTotals } }
