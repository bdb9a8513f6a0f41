/**
 * Modules only some requests need, loaded by the api on first use rather than at start. Each api
 * replica's memory is mostly what it loads (issue 13: ≤ 130 MB resident), and Ajv (~12 MB
 * resident) is large for how rarely it serves: only when a request carries a JSON Schema (an
 * ask's `jsonSchema`, a tool's `parameters`). The token tables need no such care here: they load
 * on the first count wherever they are imported (text/tokens.ts).
 */
export const jsonSchemas = () => import('../providers/jsonOutput.js');
