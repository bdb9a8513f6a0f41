/**
 * Modules only some requests need, loaded by the api on first use rather than at start. Each api
 * replica's memory is mostly what it loads (issue 13: ≤ 130 MB resident), and these two are
 * large for how rarely they serve: the BPE tables that count tokens (gpt-tokenizer: ~20 MB of
 * heap, ~40 MB resident), needed only to cut a conversation the OpenAI-compatible door was given,
 * and Ajv (~12 MB resident), needed only when a request carries a JSON Schema (an ask's
 * `jsonSchema`, a tool's `parameters`). The worker loads them at start as before.
 */
export const jsonSchemas = () => import('../providers/jsonOutput.js');
export const conversationHistory = () => import('../interface/history.js');
