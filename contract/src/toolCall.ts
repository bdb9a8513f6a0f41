import * as z from 'zod';

const headerMap = z.record(z.string(), z.string());

/**
 * The JSON body Askflow POSTs (or PUTs, PATCHes) to a tool endpoint, signed. An envelope rather
 * than bare arguments, so no argument name can collide with `toolHeaders`.
 */
export const ToolCallEnvelopeSchema = z.object({
  /** The tool's name, as defined in the project. */
  tool: z.string(),
  /** What the model filled in, by the tool's `parameters` schema. */
  arguments: z.record(z.string(), z.unknown()),
  /** The ask's `toolHeaders` (per-end-user secrets); present only when the ask sent some. */
  toolHeaders: headerMap.optional(),
});

/** Body of `POST /manage/projects/{id}/tools/{toolId}/test` (optional). */
export const ToolTestInputSchema = z.object({ arguments: z.record(z.string(), z.unknown()).optional() });

/** What the tool answered to one signed test call (its body cut at 10,000 characters), or why it failed. */
export const ToolTestResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), status: z.number(), body: z.string(), durationMs: z.number() }),
  z.object({ ok: z.literal(false), error: z.string(), durationMs: z.number() }),
]);

export type ToolCallEnvelope = z.infer<typeof ToolCallEnvelopeSchema>;
export type ToolTestInput = z.infer<typeof ToolTestInputSchema>;
export type ToolTestResult = z.infer<typeof ToolTestResultSchema>;
