// The browser-safe half of the contract: every wire shape, none of Node's built-ins. The
// signature scheme (node:crypto) is only on the main entry, which re-exports all of this.
export * from './ask.js';
export * from './models.js';
export * from './errors.js';
export * from './events.js';
export * from './headers.js';
export * from './jsonSchemaValue.js';
export * from './manage.js';
export * from './owners.js';
export * from './keys.js';
export * from './budgets.js';
export * from './conversations.js';
export * from './cancel.js';
export * from './background.js';
export * from './feedback.js';
export * from './toolCall.js';
export * from './openaiCompat.js';
export * from './webhooks.js';
// The signature schemes' names and error, which need no crypto; signing and verifying are on the
// main entry (node:crypto) and in @askflow/client (node:crypto or Web Crypto).
export {
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  WEBHOOK_HEADERS,
  SignatureVerificationError,
  type SignatureFailure,
  type SignatureParams,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type WebhookPayload,
} from './signatureScheme.js';
