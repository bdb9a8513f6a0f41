import type { Logger } from '../../config/logger.js';
import { announce, type WebhookOutbox } from '../../interface/webhookOutbox.js';
import type { AuthenticatedKey } from '../../store/apiKeys.js';
import type { ReachedCap } from '../../store/budgets.js';

/**
 * `budget.exceeded`, once per cap and budget window (the window is named by when it resets): the
 * many asks refused while a cap stays reached announce it once. A failure to announce is logged,
 * never turned into the refused ask's answer (a 402 stays a 402).
 */
export function announceBudgetExceeded(outbox: WebhookOutbox, log: Logger, projectId: string, key: AuthenticatedKey) {
  return async (cap: ReachedCap): Promise<void> => {
    const whose = cap.scope === 'project' ? projectId : key.keyId;
    const resetsAt = cap.resetsAt.toISOString();
    try {
      await announce(outbox, projectId, 'budget.exceeded', [
        {
          subjectId: `${cap.scope}:${whose}:${cap.period}:${cap.measure}:${resetsAt}`,
          data: { scope: cap.scope, ...(cap.scope === 'key' ? { keyId: key.keyId } : {}), period: cap.period, measure: cap.measure, limit: cap.limit, used: cap.used, resetsAt },
        },
      ]);
    } catch (err) {
      log.error({ err, projectId }, 'could not announce budget.exceeded to webhooks');
    }
  };
}
