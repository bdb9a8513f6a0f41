import type Router from '@koa/router';
import {
  MAX_WEBHOOKS_PER_PROJECT,
  WebhookDeliveryListQuerySchema,
  WebhookInputSchema,
  WebhookPatchSchema,
  type WebhookDeliveryList,
  type WebhookList,
} from '@askflow/contract';
import type { WebhookOutbox } from '../../interface/webhookOutbox.js';
import { redeliver } from '../../interface/webhookOutbox.js';
import { assertPublicUrl, BlockedAddressError, urlPolicyFromEnv } from '../../net/addressGuard.js';
import type { Project } from '../../store/projects.js';
import { createWebhook, deleteWebhook, getDelivery, getWebhook, listDeliveries, listWebhooks, rotateWebhookSecret, updateWebhook } from '../../store/webhooks.js';
import { ApiError } from '../errors.js';
import { jsonBody } from '../middleware/jsonBody.js';
import type { Loaded } from '../state.js';
import { validate } from '../validate.js';
import { validateQuery } from '../validateQuery.js';
import { loadParam } from './loadParam.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

export interface WebhookRouteDeps {
  masterKey: Buffer;
  /** Redeliveries start on this api's task queue, as its budget announcements do. */
  webhooks: WebhookOutbox;
}

/** The same address guard as tools: a URL the project's tools could not call is refused here too. */
async function checkUrl(url: string, project: Project): Promise<void> {
  try {
    await assertPublicUrl(url, urlPolicyFromEnv(process.env, project.allowedHosts));
  } catch (err) {
    if (err instanceof BlockedAddressError) throw new ApiError('ValidationError', `url is not allowed: ${err.message}`);
    // A name that does not resolve yet is allowed; every delivery is checked again.
  }
}

/** Deliveries of a webhook: the ids are Standard Webhooks message ids, not UUIDs. */
const DELIVERY_ID = /^msg_[0-9a-f]{32}$/;

/** A project's webhooks, their deliveries and redeliveries. */
export function webhookRoutes({ masterKey, webhooks }: WebhookRouteDeps): Router<ProjectState> {
  const { pool } = webhooks;
  const router = projectRouter(pool);
  router.param('webhookId', loadParam<ProjectState, 'webhook'>('webhook', 'Webhook', (s, id) => getWebhook(pool, s.project.id, id)));

  router.get('/:id/webhooks', async (ctx) => {
    ctx.body = { webhooks: await listWebhooks(pool, ctx.state.project.id) } satisfies WebhookList;
  });

  router.post('/:id/webhooks', jsonBody(), async (ctx) => {
    const { project } = ctx.state;
    const input = validate(WebhookInputSchema, ctx.request.body);
    await checkUrl(input.url, project);
    const created = await createWebhook(pool, project.id, input, masterKey, MAX_WEBHOOKS_PER_PROJECT);
    if (!created) throw new ApiError('Conflict', `A project has at most ${MAX_WEBHOOKS_PER_PROJECT} webhooks; delete one first`);
    ctx.status = 201;
    ctx.body = created;
  });

  router.get<Loaded<'webhook'>>('/:id/webhooks/:webhookId', (ctx) => {
    ctx.body = ctx.state.webhook;
  });

  router.patch<Loaded<'webhook'>>('/:id/webhooks/:webhookId', jsonBody(), async (ctx) => {
    const { project, webhook } = ctx.state;
    const patch = validate(WebhookPatchSchema, ctx.request.body);
    if (patch.url !== undefined) await checkUrl(patch.url, project);
    ctx.body = await updateWebhook(pool, project.id, webhook.id, patch);
  });

  router.delete<Loaded<'webhook'>>('/:id/webhooks/:webhookId', async (ctx) => {
    await deleteWebhook(pool, ctx.state.project.id, ctx.state.webhook.id);
    ctx.status = 204;
  });

  // A new secret, shown once; the old one stops signing at once (receivers verify against the new one).
  router.post<Loaded<'webhook'>>('/:id/webhooks/:webhookId/rotate-secret', jsonBody('256kb', { optional: true }), async (ctx) => {
    ctx.body = await rotateWebhookSecret(pool, ctx.state.project.id, ctx.state.webhook.id, masterKey);
  });

  router.get<Loaded<'webhook'>>('/:id/webhooks/:webhookId/deliveries', async (ctx) => {
    const query = validateQuery(WebhookDeliveryListQuerySchema, ctx.query);
    ctx.body = { deliveries: await listDeliveries(pool, ctx.state.webhook.id, query) } satisfies WebhookDeliveryList;
  });

  router.post<Loaded<'webhook'>>('/:id/webhooks/:webhookId/deliveries/:deliveryId/redeliver', jsonBody('256kb', { optional: true }), async (ctx) => {
    const { webhook } = ctx.state;
    const deliveryId = ctx.params.deliveryId ?? '';
    const found = DELIVERY_ID.test(deliveryId) ? await getDelivery(pool, webhook.id, deliveryId) : null;
    if (!found) throw new ApiError('NotFound', `Delivery ${deliveryId} not found`);
    if (!webhook.enabled) throw new ApiError('Conflict', 'The webhook is disabled; enable it before redelivering');
    await redeliver(webhooks, deliveryId);
    ctx.status = 202;
    ctx.body = await getDelivery(pool, webhook.id, deliveryId);
  });

  return router;
}
