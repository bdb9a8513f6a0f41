import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Askflow's custom search attributes: an operator finds any ask in the Temporal Web UI with
 * e.g. `AskflowTenantId = "…" AND AskflowIntent = "rag"`. Registered by the dev-server launcher.
 */
export const SEARCH_ATTRIBUTES = {
  tenantId: defineSearchAttributeKey('AskflowTenantId', SearchAttributeType.KEYWORD),
  threadId: defineSearchAttributeKey('AskflowThreadId', SearchAttributeType.KEYWORD),
  intent: defineSearchAttributeKey('AskflowIntent', SearchAttributeType.KEYWORD),
  model: defineSearchAttributeKey('AskflowModel', SearchAttributeType.KEYWORD),
} as const;
