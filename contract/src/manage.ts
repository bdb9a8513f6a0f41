import { z } from 'zod';

/** `<provider>:<model>`; the provider is `local` or the name of one of the project's connections. */
export const ModelIdSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}:\S+$/, 'must look like <provider>:<model>, e.g. openai:gpt-4o-mini');

export const ProviderNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, - and _, at most 40')
  .refine((n) => n !== 'local', '"local" is the built-in offline provider');

export const CredentialsSchema = z.strictObject({
  email: z.email().max(320),
  password: z.string().min(10, 'must be at least 10 characters').max(200),
});

const settings = {
  name: z.string().trim().min(1).max(200),
  chatModel: ModelIdSchema,
  temperature: z.number().min(0).max(2),
  systemPrompt: z.string().max(20_000),
  toolsEnabled: z.boolean(),
  ragEnabled: z.boolean(),
  modelSwitching: z.boolean(),
  /** The menu offered when switching is on; the default (`chatModel`) is always on it. */
  models: z.array(ModelIdSchema).max(50),
  voiceModel: ModelIdSchema.nullable(),
  /** Tokens of earlier turns given to the model with each ask. */
  historyTokenBudget: z.number().int().min(0).max(200_000),
  /** Asks per minute for the whole project and per key; null → the service default. */
  rateLimitPerMinute: z.number().int().positive().nullable(),
  keyRateLimitPerMinute: z.number().int().positive().nullable(),
  /** Embeds knowledge and questions; changing it re-indexes every document. */
  embeddingModel: ModelIdSchema,
  /** Chunks given to the model per ask, and the least vector similarity for a chunk to count. */
  ragTopK: z.number().int().min(1).max(50),
  ragMinScore: z.number().min(0).max(1),
  /** Chunk size and overlap in tokens; changes apply when documents are (re-)indexed. */
  chunkTokens: z.number().int().min(50).max(4000),
  chunkOverlap: z.number().int().min(0).max(1000),
};

export const ProjectCreateSchema = z.strictObject({ ...settings, name: settings.name }).partial().required({ name: true });
export const ProjectPatchSchema = z.strictObject(settings).partial();

export const ProviderConnectionInputSchema = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/ }).max(2000),
  /** Write-only: stored encrypted, never shown again. Omit to keep the current key; null removes it. */
  apiKey: z.string().min(1).max(4000).nullable().optional(),
});

export const PriceSchema = z.strictObject({
  modelId: ModelIdSchema,
  inputPerMillion: z.number().min(0),
  outputPerMillion: z.number().min(0),
});
export const PricesInputSchema = z.strictObject({ prices: z.array(PriceSchema).max(200) });

export const ApiKeyCreateSchema = z.strictObject({
  mode: z.enum(['live', 'test']),
  name: z.string().max(200).optional(),
});

export const ProviderConnectionSchema = z.object({ name: z.string(), baseUrl: z.string(), hasApiKey: z.boolean() });

export const ProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  chatModel: z.string(),
  temperature: z.number(),
  systemPrompt: z.string(),
  toolsEnabled: z.boolean(),
  ragEnabled: z.boolean(),
  modelSwitching: z.boolean(),
  models: z.array(z.string()),
  voiceModel: z.string().nullable(),
  historyTokenBudget: z.number(),
  rateLimitPerMinute: z.number().nullable(),
  keyRateLimitPerMinute: z.number().nullable(),
  embeddingModel: z.string(),
  ragTopK: z.number(),
  ragMinScore: z.number(),
  chunkTokens: z.number(),
  chunkOverlap: z.number(),
  providers: z.array(ProviderConnectionSchema),
  prices: z.array(PriceSchema),
});

export type ProjectCreate = z.infer<typeof ProjectCreateSchema>;
export type ProjectPatch = z.infer<typeof ProjectPatchSchema>;
export type ProjectView = z.infer<typeof ProjectSchema>;
export type Price = z.infer<typeof PriceSchema>;

export const KnowledgeUploadSchema = z.union([
  z.strictObject({
    name: z.string().trim().min(1).max(500),
    /** `text`, `markdown`, `html` or `pdf`; guessed from the name when omitted. */
    kind: z.enum(['text', 'markdown', 'html', 'pdf']).optional(),
    /** Plain text content (text, markdown, html). */
    text: z.string().min(1).max(5_000_000).optional(),
    /** Base64 content, for PDFs or any kind. */
    base64: z.string().min(1).max(14_000_000).optional(),
  }).refine((b) => (b.text === undefined) !== (b.base64 === undefined), 'send exactly one of text or base64'),
  z.strictObject({
    /** Fetched by the worker, with the same private-address guard as tool calls. */
    url: z.url({ protocol: /^https?$/ }).max(2000),
    name: z.string().trim().min(1).max(500).optional(),
    kind: z.enum(['text', 'markdown', 'html', 'pdf']).optional(),
  }),
]);

export const DocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['text', 'markdown', 'html', 'pdf']),
  sourceUrl: z.string().nullable(),
  title: z.string().nullable(),
  status: z.enum(['pending', 'ingesting', 'ready', 'failed']),
  error: z.string().nullable(),
  chunksTotal: z.number(),
  chunksEmbedded: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type KnowledgeUpload = z.infer<typeof KnowledgeUploadSchema>;
export type DocumentView = z.infer<typeof DocumentSchema>;

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/** A project tool: an HTTP endpoint Askflow may call, signed, with arguments the model fills in. */
export const ToolInputSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'letters, digits, _ and -, starting with a letter, at most 64'),
  description: z.string().trim().min(1).max(2000),
  /** JSON Schema of the arguments (an object schema). */
  parameters: z.record(z.string(), z.unknown()).default({ type: 'object', properties: {} }),
  url: z.url({ protocol: /^https?$/ }).max(2000),
  method: z.enum(['POST', 'PUT', 'PATCH']).default('POST'),
  timeoutMs: z.number().int().min(100).max(60_000).default(10_000),
  /** Inbound `headers` of the ask that may reach this tool (case-insensitive); reserved names never do. */
  forwardHeaders: z.array(z.string().regex(HEADER_NAME, 'must be an HTTP header name')).max(50).default([]),
});

export const ToolSchema = ToolInputSchema.extend({ id: z.string() });

export const SigningSecretSchema = z.object({
  secret: z.string(),
  previous: z.object({ secret: z.string(), expiresAt: z.string() }).nullable(),
});

export const RotateSecretSchema = z.strictObject({
  /** How long the old secret keeps signing beside the new one; default one day. */
  graceSeconds: z.number().int().min(0).max(7 * 24 * 3600).default(86_400),
});

export type ToolInput = z.infer<typeof ToolInputSchema>;
export type ToolView = z.infer<typeof ToolSchema>;

/** The signed-in owner, as the console's session routes answer it. */
export const SessionSchema = z.object({ owner: z.object({ id: z.string(), email: z.string() }) });
export type SessionView = z.infer<typeof SessionSchema>;

/** What the console needs to link a turn to its run: `${temporalUiUrl}/namespaces/${ns}/workflows/${workflowId}`. */
export const ConsoleConfigSchema = z.object({ temporalUiUrl: z.string().nullable(), temporalNamespace: z.string() });
export type ConsoleConfig = z.infer<typeof ConsoleConfigSchema>;

export const AnalyticsBucketSchema = z.enum(['hour', 'day']);

/** Query of `GET /manage/projects/{id}/analytics`; the range is [from, to), last 7 days by default. */
export const AnalyticsQuerySchema = z
  .strictObject({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    bucket: AnalyticsBucketSchema.default('day'),
  });

const Traffic = z.enum(['live', 'test']);

export const AnalyticsPointSchema = z.object({
  /** Start of the bucket (UTC), ISO. */
  t: z.string(),
  model: z.string(),
  traffic: Traffic,
  asks: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
  /** What these asks cost at the project's prices (test traffic included here, not in totals). */
  costUsd: z.number(),
  latencyP50Ms: z.number(),
  latencyP95Ms: z.number(),
});

export const AnalyticsSchema = z.object({
  bucket: AnalyticsBucketSchema,
  from: z.string(),
  to: z.string(),
  /** Only buckets with asks, ordered by time, model, traffic. */
  series: z.array(AnalyticsPointSchema),
  totals: z.object({
    live: z.object({ asks: z.number(), totalTokens: z.number(), costUsd: z.number() }),
    /** Test keys' traffic is never billed: its cost is always 0 here. */
    test: z.object({ asks: z.number(), totalTokens: z.number(), costUsd: z.literal(0) }),
  }),
});

export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;
export type AnalyticsPoint = z.infer<typeof AnalyticsPointSchema>;
export type AnalyticsView = z.infer<typeof AnalyticsSchema>;
