import { Context } from '@temporalio/activity';
import { signWebhook, WEBHOOK_HEADERS } from '@askflow/contract';
import { BlockedAddressError, urlPolicyFromEnv } from '../../net/addressGuard.js';
import { fetchBounded, FetchBoundedError } from '../../net/fetchBounded.js';
import { retryAfterMs } from '../../net/retryAfter.js';
import { FAILURE_TYPES } from '../../interface/failures.js';
import type { DeliveryResult, WebhookRetry } from '../../interface/webhooks.js';
import type { Pool } from '../../store/pool.js';
import { deliveryTarget, disableWebhook, markDeliveryFailed, pruneDeliveries, recordAttempt, type AttemptOutcome } from '../../store/webhooks.js';
import { StepFailure } from '../failures.js';

export interface WebhookDeps {
  pool: Pool;
  masterKey: Buffer;
}

/** A receiver gets this long to answer; it should acknowledge at once and do its work later. */
const TIMEOUT_MS = 15_000;
/** Its answer is read only to record a bit of it: more than this is not worth waiting for. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** When the retry policy will make the next attempt after attempt number `attempt` failed. */
function nextAttemptAt(retry: WebhookRetry, attempt: number, retryAfter?: number): Date {
  const backoff = Math.min(retry.initialMs * retry.coefficient ** (attempt - 1), retry.maxIntervalMs);
  return new Date(Date.now() + (retryAfter ?? backoff));
}

/**
 * One attempt at a delivery, signed now (Standard Webhooks: every attempt carries a fresh
 * timestamp and the same message id). 2xx: delivered. 410 Gone: the receiver wants no more, so
 * the webhook is turned off. A refused address fails for good; anything else is retried by the
 * workflow's policy, with when in the delivery's record.
 */
export function deliverWebhook({ pool, masterKey }: WebhookDeps) {
  return async function deliverWebhook(deliveryId: string, retry: WebhookRetry): Promise<DeliveryResult> {
    const target = await deliveryTarget(pool, deliveryId, masterKey);
    if (!target) return 'skipped'; // deleted with its webhook
    if (target.status === 'delivered') return 'delivered';
    if (!target.enabled) {
      await markDeliveryFailed(pool, deliveryId, 'the webhook is disabled');
      return 'skipped';
    }
    const attempt = Context.current().info.attempt;
    const body = JSON.stringify(target.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'Content-Type': 'application/json',
      [WEBHOOK_HEADERS.id]: target.id,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(target.secret, target.id, timestamp, body),
    };
    const failed = async (o: Omit<AttemptOutcome, 'status' | 'nextAttemptAt'>, retryable: boolean, retryAfter?: number): Promise<never> => {
      await recordAttempt(pool, deliveryId, { ...o, status: retryable ? 'delivering' : 'failed', nextAttemptAt: retryable ? nextAttemptAt(retry, attempt, retryAfter) : null });
      throw new StepFailure(o.error ?? 'delivery failed', FAILURE_TYPES.webhookFailed, retryable, retryAfter);
    };
    let res;
    try {
      res = await fetchBounded(target.url, {
        policy: urlPolicyFromEnv(process.env, target.allowedHosts),
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_RESPONSE_BYTES,
        method: 'POST',
        headers,
        body,
        // A redirect is the receiver's misconfiguration; following it would send the signed body elsewhere.
        maxRedirects: 0,
      });
    } catch (err) {
      const message = (err as Error).message;
      if (err instanceof BlockedAddressError) return failed({ statusCode: null, error: message }, false);
      return failed({ statusCode: null, error: message }, !(err instanceof FetchBoundedError && err.reason === 'too_many_redirects'));
    }
    const text = Buffer.from(res.body).toString('utf8').slice(0, 300);
    if (res.status >= 200 && res.status < 300) {
      await recordAttempt(pool, deliveryId, { status: 'delivered', statusCode: res.status, error: null, nextAttemptAt: null });
      await pruneDeliveries(pool, target.webhookId);
      return 'delivered';
    }
    if (res.status === 410) {
      // The webhook first: whoever sees this delivery failed sees the webhook off too.
      await disableWebhook(pool, target.webhookId, 'the receiver answered 410 Gone');
      await recordAttempt(pool, deliveryId, { status: 'failed', statusCode: 410, error: 'the receiver answered 410 Gone; the webhook was disabled', nextAttemptAt: null });
      return 'gone';
    }
    // A receiver's Retry-After is honoured, up to the policy's longest interval.
    const after = retryAfterMs(res.headers.get('retry-after'));
    return failed({ statusCode: res.status, error: `HTTP ${res.status}${text ? `: ${text}` : ''}` }, true, after === undefined ? undefined : Math.min(after, retry.maxIntervalMs));
  };
}

export function failWebhookDelivery({ pool }: WebhookDeps) {
  return async function failWebhookDelivery(deliveryId: string, error: string): Promise<void> {
    await markDeliveryFailed(pool, deliveryId, error);
  };
}
