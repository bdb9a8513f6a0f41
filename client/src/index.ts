export { AskflowClient, type AskflowClientOptions, type AskInput, type AskOptions, type AskStreamHandlers, type CancelResult, type RequestOptions } from './client.js';
export { AskEventStream } from './askEventStream.js';
export type { AskStreamEvent } from './askEvents.js';
export { AskflowPromise, type WithRequestId, type WithResponse } from './apiPromise.js';
export type { ClientOptions } from './options.js';
export type { Fetch } from './transport.js';
export type { Logger, LogLevel } from './logger.js';
export {
  AuthenticationError,
  BudgetExceededError,
  ConflictError,
  EgoZError,
  InternalServerError,
  ModelNotAllowedError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  TimeoutError,
  ValidationError,
  type EgoZErrorInit,
  type ValidationDetail,
} from './errors.js';
export { verifyToolCalls, type VerifiedToolCall, type VerifiedWebhook, type VerifyToolCallsOptions } from './expressMiddleware.js';
// One signature scheme, the contract's: the service signs with it, receivers verify with it here.
export * from './signatures.js';
export * from './manage/index.js';
export { SDK_RESERVED_HEADERS, SERVICE_HEADERS, WEBHOOK_EVENTS } from '@askflow/contract/names';
export type {
  AskAccepted,
  AskRequest,
  AskResponse,
  AskStatus,
  ErrorBody,
  Intent,
  ModelMenu,
  ModelEntry,
  StreamEvent,
  Usage,
  WebhookEvent,
} from '@askflow/contract/browser';
