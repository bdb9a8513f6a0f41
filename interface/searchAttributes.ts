import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { SEARCH_ATTRIBUTE_NAMES } from '@askflow/contract/names';

/**
 * Askflow's custom search attributes: an operator finds any ask in the Temporal Web UI with
 * e.g. `AskflowTenantId = "…" AND AskflowIntent = "rag"`. Registered by the dev-server launcher.
 * The names are the contract's, so the console's links into the Web UI filter by the same ones.
 */
export const SEARCH_ATTRIBUTES = {
  tenantId: defineSearchAttributeKey(SEARCH_ATTRIBUTE_NAMES.tenantId, SearchAttributeType.KEYWORD),
  threadId: defineSearchAttributeKey(SEARCH_ATTRIBUTE_NAMES.threadId, SearchAttributeType.KEYWORD),
  intent: defineSearchAttributeKey(SEARCH_ATTRIBUTE_NAMES.intent, SearchAttributeType.KEYWORD),
  model: defineSearchAttributeKey(SEARCH_ATTRIBUTE_NAMES.model, SearchAttributeType.KEYWORD),
} as const;
