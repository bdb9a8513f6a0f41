/**
 * A provider failure, classified for Temporal's retry policy: rate limits, 5xx, timeouts and
 * network errors are worth retrying; a refused request (other 4xx) or output that cannot meet
 * the requested format is not.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'rate_limited' | 'unavailable' | 'timeout' | 'network' | 'refused' | 'output_invalid',
    readonly retryable: boolean,
    /** From the provider's `Retry-After`, when it sent one. */
    readonly retryAfterMs?: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
