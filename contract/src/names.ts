// Names the contract reserves, free of zod: workflow code imports them from here
// (`@askflow/contract/names`), because every new workflow run re-evaluates each module its
// bundle holds — the main entry would rebuild all the contract's schemas on every ask.

/** The built-in tool through which a model searches the project's knowledge: no project tool may take its name. */
export const KNOWLEDGE_TOOL_NAME = 'search_knowledge';

/** Header carrying the ask's id on a streamed response: resume and cancel address it. */
export const ASK_ID_HEADER = 'Askflow-Ask-Id';

/**
 * The `type` of every stream event (`StreamEventSchema`'s members, checked equal by the contract
 * tests): the client reads streams by these names without loading the schemas.
 */
export const STREAM_EVENT_TYPES = ['thinking', 'retrieval', 'tool.calling', 'delta', 'reset', 'fallback', 'done', 'error'] as const;

/** What a webhook can subscribe to. */
export const WEBHOOK_EVENTS = ['ask.completed', 'ask.failed', 'document.ready', 'document.failed', 'budget.exceeded'] as const;

// Header names the client needs at run time, reachable here without zod.
export { SDK_RESERVED_HEADERS, SERVICE_HEADERS } from './headers.js';

/**
 * The search attributes each ask's run carries in Temporal, by name: operators (and the
 * console's links into the Temporal Web UI) filter runs with e.g. `AskflowTenantId = "…"`.
 */
export const SEARCH_ATTRIBUTE_NAMES = {
  tenantId: 'AskflowTenantId',
  threadId: 'AskflowThreadId',
  intent: 'AskflowIntent',
  model: 'AskflowModel',
} as const;
