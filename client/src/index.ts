export { AskflowClient, type AskflowClientOptions, type AskInput, type AskOptions, type AskStreamHandlers, type CancelResult, type RequestOptions } from './client.js';
export { AskEventStream } from './askEventStream.js';
export type { AskStreamEvent } from './askEvents.js';
export { AuthenticationError, EgoZError, NetworkError, RateLimitError, TimeoutError, ValidationError, type EgoZErrorInit, type ValidationDetail } from './errors.js';
export { verifyToolCalls, type VerifiedToolCall, type VerifiedWebhook, type VerifyToolCallsOptions } from './expressMiddleware.js';
// One signature implementation, the contract's: the service signs with it, receivers verify with it.
export {
  SDK_RESERVED_HEADERS,
  SERVICE_HEADERS,
  computeSignature,
  verifySignature,
  validateSignature,
  verifyWebhook,
  validateWebhook,
  signWebhook,
  WEBHOOK_HEADERS,
  WEBHOOK_EVENTS,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type WebhookPayload,
  type WebhookEvent,
  SignatureVerificationError,
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  type SignatureParams,
  type SignatureFailure,
  type AskAccepted,
  type AskRequest,
  type AskResponse,
  type AskStatus,
  type ErrorBody,
  type Intent,
  type ModelMenu,
  type ModelEntry,
  type StreamEvent,
  type Usage,
} from '@askflow/contract';
