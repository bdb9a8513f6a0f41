import * as z from 'zod';
import { OwnerSchema } from './owners.js';
import { KNOWLEDGE_TOOL_NAME } from './names.js';
import { HEADER_NAME } from './headers.js';
import { HOST_PATTERN } from './hostPattern.js';
import { JsonSchemaObject } from './jsonSchemaValue.js';

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
export type Credentials = z.infer<typeof CredentialsSchema>;

/** Highest per-minute rate limit an owner can set: far above what one api serves, well inside an int4. */
export const MAX_RATE_PER_MINUTE = 1_000_000;
/** Highest price per million tokens, in USD: fits the stored numeric(14, 6) with room to spare. */
export const MAX_PRICE_PER_MILLION = 1_000_000;

/** What an ask on a busy thread does (the project's thread policy). */
export const ThreadConcurrencySchema = z.enum(['enqueue', 'reject', 'interrupt']);
export type ThreadConcurrency = z.infer<typeof ThreadConcurrencySchema>;

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
  /** Rounds of tool calls (knowledge search included) the model may make before it must answer. */
  maxToolRounds: z.number().int().min(1).max(8),
  /** Models that answer, in order, when the default's provider keeps failing (not for a caller who named a model). */
  fallbackModels: z.array(ModelIdSchema).max(5),
  /** Put message and answer text on the ask's trace spans (OpenTelemetry export); off by default. */
  traceContent: z.boolean(),
  /**
   * An ask on a thread that is busy with another: `enqueue` runs it after the one running (it sees
   * that turn), `reject` refuses it (409 ThreadBusy), `interrupt` cancels the running ask (its
   * partial answer is not stored) and runs the new one.
   */
  threadConcurrency: ThreadConcurrencySchema,
  /** Asks per minute for the whole project and per key; null → the service default. */
  rateLimitPerMinute: z.number().int().positive().max(MAX_RATE_PER_MINUTE).nullable(),
  keyRateLimitPerMinute: z.number().int().positive().max(MAX_RATE_PER_MINUTE).nullable(),
  /** Embeds knowledge and questions; changing it re-indexes every document. */
  embeddingModel: ModelIdSchema,
  /** Chunks given to the model per ask, and the least vector similarity for a chunk to count. */
  ragTopK: z.number().int().min(1).max(50),
  ragMinScore: z.number().min(0).max(1),
  /** Chunk size and overlap in tokens; changes apply when documents are (re-)indexed. */
  chunkTokens: z.number().int().min(50).max(4000),
  chunkOverlap: z.number().int().min(0).max(1000),
  /**
   * The only hosts the project's tools and knowledge URLs may reach: `api.example.com`,
   * `*.example.com` (subdomains), optionally with `:port`. Empty: any host the service allows.
   */
  allowedHosts: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(300)
        .regex(HOST_PATTERN, 'must be a host name (api.example.com), *.example.com or an IP address, optionally with :port'),
    )
    .max(100),
};

export const ProjectCreateSchema = z.strictObject({ ...settings, name: settings.name }).partial().required({ name: true });
export const ProjectPatchSchema = z.strictObject(settings).partial();

/**
 * The protocols a provider connection can speak (providers/registry.ts holds an adapter for
 * each). `openai`: any OpenAI-compatible endpoint. Built-in providers need no connection.
 */
export const ProviderKindSchema = z.enum(['openai']);

export const ProviderConnectionInputSchema = z.strictObject({
  /** Omit for `openai` on a new connection, or to keep the kind of an existing one. */
  kind: ProviderKindSchema.optional(),
  baseUrl: z.url({ protocol: /^https?$/ }).max(2000),
  /** Write-only: stored encrypted, never shown again. Omit to keep the current key; null removes it. */
  apiKey: z.string().min(1).max(4000).nullable().optional(),
});
export type ProviderConnectionInput = z.infer<typeof ProviderConnectionInputSchema>;

export const PriceSchema = z.strictObject({
  modelId: ModelIdSchema,
  inputPerMillion: z.number().min(0).max(MAX_PRICE_PER_MILLION),
  outputPerMillion: z.number().min(0).max(MAX_PRICE_PER_MILLION),
});
export const PricesInputSchema = z.strictObject({
  prices: z
    .array(PriceSchema)
    .max(200)
    .superRefine((prices, ctx) => {
      const seen = new Set<string>();
      prices.forEach((p, i) => {
        if (seen.has(p.modelId)) ctx.addIssue({ code: 'custom', path: [i, 'modelId'], message: `${p.modelId} is priced twice` });
        seen.add(p.modelId);
      });
    }),
});
export type PricesInput = z.infer<typeof PricesInputSchema>;

export const ApiKeyCreateSchema = z.strictObject({
  mode: z.enum(['live', 'test']),
  name: z.string().max(200).optional(),
});
export type ApiKeyCreate = z.infer<typeof ApiKeyCreateSchema>;

/** A connection as read back: its key never, only whether it has one. */
export const ProviderConnectionSchema = z.object({
  name: z.string(),
  /** The protocol the connection speaks (`openai`: any OpenAI-compatible endpoint). */
  kind: ProviderKindSchema,
  baseUrl: z.string(),
  hasApiKey: z.boolean(),
});
export const ProviderConnectionListSchema = z.object({ providers: z.array(ProviderConnectionSchema) });
export type ProviderConnectionView = z.infer<typeof ProviderConnectionSchema>;
export type ProviderConnectionList = z.infer<typeof ProviderConnectionListSchema>;

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
  maxToolRounds: z.number(),
  fallbackModels: z.array(z.string()),
  traceContent: z.boolean(),
  threadConcurrency: ThreadConcurrencySchema,
  rateLimitPerMinute: z.number().nullable(),
  keyRateLimitPerMinute: z.number().nullable(),
  embeddingModel: z.string(),
  ragTopK: z.number(),
  ragMinScore: z.number(),
  chunkTokens: z.number(),
  chunkOverlap: z.number(),
  allowedHosts: z.array(z.string()),
  providers: z.array(ProviderConnectionSchema),
  prices: z.array(PriceSchema),
});

export const ProjectListSchema = z.object({ projects: z.array(ProjectSchema) });
export type ProjectList = z.infer<typeof ProjectListSchema>;
export const PriceListSchema = z.object({ prices: z.array(PriceSchema) });
export type PriceList = z.infer<typeof PriceListSchema>;

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

export const DocumentListSchema = z.object({ documents: z.array(DocumentSchema) });

/** One chunk of a document, as indexed: `headings` is the section path it sits under. */
export const ChunkSchema = z.object({ index: z.number(), headings: z.array(z.string()), text: z.string(), tokenCount: z.number() });
/** Answer of `GET …/knowledge/{docId}/chunks`: the first 500 chunks, in order. */
export const DocumentChunksSchema = z.object({ documentId: z.string(), chunks: z.array(ChunkSchema) });

export type KnowledgeUpload = z.infer<typeof KnowledgeUploadSchema>;

/** Most documents one batch may hold, however they arrive (list, files, zip, sitemap). */
export const BATCH_MAX_DOCUMENTS = 1000;

/**
 * Body of `POST …/knowledge/batches` as JSON: documents as the single upload takes them, a
 * sitemap whose URLs become documents, or both. A file matches the project's document of the
 * same name, a URL the one with the same URL: that document is updated, not duplicated.
 */
export const KnowledgeBatchSchema = z.strictObject({
  documents: z.array(KnowledgeUploadSchema).max(BATCH_MAX_DOCUMENTS).optional(),
  sitemap: z.url({ protocol: /^https?$/ }).max(2000).optional(),
}).refine((b) => (b.documents?.length ?? 0) > 0 || b.sitemap !== undefined, 'send documents (at least one), a sitemap, or both');

/** Progress of a batch: its documents by status (`unchanged` ones are also `ready`), and their chunks. */
export const IngestBatchSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  error: z.string().nullable(),
  documentsTotal: z.number(),
  counts: z.object({
    pending: z.number(),
    ingesting: z.number(),
    ready: z.number(),
    failed: z.number(),
    /** Already indexed with this content, chunking and embedding model: no work was done. */
    unchanged: z.number(),
    /** Deleted while (or since) the batch ran. */
    deleted: z.number(),
  }),
  chunksTotal: z.number(),
  chunksEmbedded: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** Answer of `GET …/knowledge/batches/{batchId}`: the batch and its documents, in batch order. */
export const IngestBatchViewSchema = z.object({ batch: IngestBatchSchema, documents: z.array(DocumentSchema) });
/** Answer of `POST …/knowledge/batches`; `skipped` lists archive entries that are no document (images, folders, …). */
export const IngestBatchCreatedSchema = IngestBatchViewSchema.extend({
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});

export type KnowledgeBatch = z.infer<typeof KnowledgeBatchSchema>;
export type IngestBatchView = z.infer<typeof IngestBatchSchema>;
export type IngestBatchDetail = z.infer<typeof IngestBatchViewSchema>;
export type IngestBatchCreated = z.infer<typeof IngestBatchCreatedSchema>;
export type DocumentView = z.infer<typeof DocumentSchema>;
export type DocumentList = z.infer<typeof DocumentListSchema>;
export type ChunkView = z.infer<typeof ChunkSchema>;
export type DocumentChunks = z.infer<typeof DocumentChunksSchema>;


export { KNOWLEDGE_TOOL_NAME };

/** A project tool: an HTTP endpoint Askflow may call, signed, with arguments the model fills in. */
export const ToolInputSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'letters, digits, _ and -, starting with a letter, at most 64')
    .refine((n) => n !== KNOWLEDGE_TOOL_NAME, `"${KNOWLEDGE_TOOL_NAME}" is the built-in knowledge search`),
  description: z.string().trim().min(1).max(2000),
  /** JSON Schema of the arguments (an object schema). */
  parameters: JsonSchemaObject.default({ type: 'object', properties: {} }),
  url: z.url({ protocol: /^https?$/ }).max(2000),
  method: z.enum(['POST', 'PUT', 'PATCH']).default('POST'),
  timeoutMs: z.number().int().min(100).max(60_000).default(10_000),
  /** Inbound `headers` of the ask that may reach this tool (case-insensitive); reserved names never do. */
  forwardHeaders: z.array(z.string().regex(HEADER_NAME, 'must be an HTTP header name')).max(50).default([]),
});

export const ToolSchema = ToolInputSchema.extend({ id: z.string() });
export const ToolListSchema = z.object({ tools: z.array(ToolSchema) });

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
export type ToolList = z.infer<typeof ToolListSchema>;
export type SigningSecretView = z.infer<typeof SigningSecretSchema>;
export type RotateSecret = z.input<typeof RotateSecretSchema>;

/** The signed-in owner, as the console's session routes answer it. */
export const SessionSchema = z.object({ owner: OwnerSchema });
export type SessionView = z.infer<typeof SessionSchema>;

/** What the console needs to link a turn to its run: `${temporalUiUrl}/namespaces/${ns}/workflows/${workflowId}`. */
export const ConsoleConfigSchema = z.object({
  temporalUiUrl: z.string().nullable(),
  temporalNamespace: z.string(),
  /** Chat models that run without a provider connection (`local:extractive`): the model pickers offer them beside the project's connections. */
  builtInModels: z.array(z.string()),
});
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
  /** Of these asks, how many a fallback model answered (the model here is that fallback). */
  fallbacks: z.number(),
});

export const AnalyticsPerformanceSchema = z.object({
  model: z.string(),
  intent: z.string(),
  asks: z.number(),
  latencyP50Ms: z.number(),
  latencyP95Ms: z.number(),
  /** Of these asks, how many were streamed and timed to their first delta. */
  streamed: z.number(),
  firstDeltaP50Ms: z.number().nullable(),
  firstDeltaP95Ms: z.number().nullable(),
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
  /** End users' feedback on the period's turns, per model and intent: `rate` is the share rated 1. */
  satisfaction: z.array(z.object({ model: z.string(), intent: z.string(), rated: z.number(), positive: z.number(), rate: z.number() })),
  /**
   * How fast the period's asks were answered, per model and intent (all traffic): end-to-end
   * latency percentiles, and for streamed asks the time from the request to the first answer
   * token on the wire (`firstDelta…`, null when none of them was streamed).
   */
  performance: z.array(AnalyticsPerformanceSchema),
});

export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;
export type AnalyticsPoint = z.infer<typeof AnalyticsPointSchema>;
export type AnalyticsView = z.infer<typeof AnalyticsSchema>;
export type AnalyticsPerformance = z.infer<typeof AnalyticsPerformanceSchema>;

/** Body of `POST …/tools` as a caller writes it (`parameters`, `method`, `timeoutMs`, `forwardHeaders` have defaults). */
export type ToolCreate = z.input<typeof ToolInputSchema>;
/** Query of `GET …/analytics` as a caller writes it (`bucket` defaults to `day`). */
export type AnalyticsQueryInput = z.input<typeof AnalyticsQuerySchema>;
