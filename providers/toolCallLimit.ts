/**
 * At most this many tool calls run in one round of an ask, whoever asked for them (a model, or the
 * offline router reading a message that lists a thousand order numbers). Every call is a signed
 * request to the project's tool endpoint and an activity in the ask's history: an ask must not be
 * able to turn into thousands of either. Ten covers what people ask at once ("the weather in Oslo,
 * Paris and Rome", a handful of orders); calls beyond it are answered "not run", so a model learns
 * why and can ask for the rest in its next round. Free of imports: workflow code reads it too.
 */
export const MAX_TOOL_CALLS_PER_ROUND = 10;

/** What a call beyond MAX_TOOL_CALLS_PER_ROUND gets back in place of its tool's result. */
export function notRunResult(name: string): string {
  return `The tool ${name} was not called: at most ${MAX_TOOL_CALLS_PER_ROUND} tool calls run in one round; ask for the rest in the next one.`;
}
