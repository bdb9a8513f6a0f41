/**
 * What a failed ask tells its caller, from the failure chain of the run. Pure and
 * dependency-free: the workflow uses it for the stream's `error` event, the api for the JSON error.
 */
export type AskFailureCode = 'ProviderError' | 'ModelOutputInvalid' | 'Cancelled' | 'Internal';

const PROVIDER_KINDS = new Set(['refused', 'rate_limited', 'unavailable', 'timeout', 'network']);

interface FailureLike {
  name?: string;
  type?: string | null;
  message?: string;
  cause?: unknown;
}

export function describeAskFailure(err: unknown): { code: AskFailureCode; message: string } {
  const chain: FailureLike[] = [];
  for (let f = err as FailureLike | undefined; f && typeof f === 'object'; f = f.cause as FailureLike | undefined) chain.push(f);
  if (chain.some((f) => f.name === 'CancelledFailure')) return { code: 'Cancelled', message: 'The ask was cancelled' };
  // The innermost failure: an activity's ApplicationFailure sits under ActivityFailure (and WorkflowFailedError).
  const root = chain.at(-1) ?? {};
  const message = root.message ?? 'unknown failure';
  if (root.type === 'output_invalid') return { code: 'ModelOutputInvalid', message: `The model could not produce the requested output: ${message}` };
  if (root.type && PROVIDER_KINDS.has(root.type)) return { code: 'ProviderError', message: `The model provider failed: ${message}` };
  return { code: 'Internal', message: `The ask failed: ${message}` };
}
