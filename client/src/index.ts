export { AskflowClient, type AskflowClientOptions } from './client.js';
export { AuthenticationError, EgoZError, NetworkError, RateLimitError, TimeoutError, ValidationError } from './errors.js';
export {
  SDK_RESERVED_HEADERS,
  verifySignature,
  validateSignature,
  SignatureVerificationError,
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  type SignatureParams,
  type AskRequest,
  type AskResponse,
  type ModelMenu,
  type ModelEntry,
  type StreamEvent,
} from '@askflow/contract';
