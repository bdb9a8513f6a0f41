/**
 * Failure types an activity gives its ApplicationFailure, and what a failed ask tells its
 * caller. Pure and dependency-free: activities raise these types, the workflow turns them into
 * the stream's `error` event, the api into the JSON error.
 */
export const FAILURE_TYPES = {
  /** The provider refused the request (4xx other than 429): not retried. */
  refused: 'refused',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  timeout: 'timeout',
  network: 'network',
  /** The model's output does not satisfy the requested format. */
  outputInvalid: 'output_invalid',
  /** A tool answered with a refusal, or its address is refused: not retried. */
  toolFailed: 'tool_failed',
  /** A tool could not be reached or answered 5xx/429: retried. */
  toolUnavailable: 'tool_unavailable',
  /** The project was deleted while the ask ran. */
  projectGone: 'project_gone',
  /** A document was deleted while it was ingested. */
  documentGone: 'gone',
  /** A document's URL could not be fetched (or answered 4xx/5xx). */
  fetchFailed: 'fetch_failed',
  /** A document has no content. */
  documentEmpty: 'empty',
  /** A document could not be parsed as its kind. */
  unparseable: 'unparseable',
  /** A webhook's receiver did not answer 2xx (retried), or its address is refused (not). */
  webhookFailed: 'webhook_failed',
} as const;

export type FailureType = (typeof FAILURE_TYPES)[keyof typeof FAILURE_TYPES];

export type AskFailureCode = 'ProviderError' | 'ModelOutputInvalid' | 'Cancelled' | 'Internal';

const PROVIDER_TYPES = new Set<string>([FAILURE_TYPES.refused, FAILURE_TYPES.rateLimited, FAILURE_TYPES.unavailable, FAILURE_TYPES.timeout, FAILURE_TYPES.network]);

interface FailureLike {
  name?: string;
  type?: string | null;
  message?: string;
  cause?: unknown;
}

/** The failure and its causes, outermost first: an activity's ApplicationFailure sits under ActivityFailure (and WorkflowFailedError). */
function failureChain(err: unknown): FailureLike[] {
  const chain: FailureLike[] = [];
  for (let f = err as FailureLike | undefined; f && typeof f === 'object'; f = f.cause as FailureLike | undefined) chain.push(f);
  return chain;
}

/** The model provider kept failing in a way another provider may not (5xx, 429, timeouts, the network) — not a refusal of the request. */
export function isProviderOutage(err: unknown): boolean {
  return OUTAGE_TYPES.has(failureChain(err).at(-1)?.type ?? '');
}

const OUTAGE_TYPES = new Set<string>([FAILURE_TYPES.rateLimited, FAILURE_TYPES.unavailable, FAILURE_TYPES.timeout, FAILURE_TYPES.network]);

/** What a failed ask tells its caller, from the failure chain of the run. */
export function describeAskFailure(err: unknown): { code: AskFailureCode; message: string } {
  const chain = failureChain(err);
  if (chain.some((f) => f.name === 'CancelledFailure')) return { code: 'Cancelled', message: 'The ask was cancelled' };
  const root = chain.at(-1) ?? {};
  const message = root.message ?? 'unknown failure';
  if (root.type === FAILURE_TYPES.outputInvalid) return { code: 'ModelOutputInvalid', message: `The model could not produce the requested output: ${message}` };
  if (root.type && PROVIDER_TYPES.has(root.type)) return { code: 'ProviderError', message: `The model provider failed: ${message}` };
  return { code: 'Internal', message: `The ask failed: ${message}` };
}
