import type { Middleware } from 'koa';
import type { ErrorCode, OpenAiErrorBody } from '@askflow/contract';
import type { Logger } from '../../config/logger.js';
import type { ApiError } from '../errors.js';
import { errorBody } from '../middleware/errorBody.js';
import type { State } from '../state.js';

/** The door's path prefix. */
export const DOOR_PREFIX = '/v1';

/**
 * How an Askflow error reads in OpenAI's shape, where OpenAI has the same failure: its `type` and
 * `code` (what OpenAI SDKs and tools switch on), and its status where it differs from ours (an
 * unknown model is OpenAI's 404 `model_not_found`, our 400 `MODEL_NOT_ALLOWED`). Any other error
 * keeps its status, with `invalid_request_error` or `server_error` and Askflow's own code.
 */
const OPENAI_KINDS: Partial<Record<ErrorCode, { type: string; code: string; status?: number; param?: string }>> = {
  Unauthorized: { type: 'invalid_request_error', code: 'invalid_api_key' },
  MODEL_NOT_ALLOWED: { type: 'invalid_request_error', code: 'model_not_found', status: 404, param: 'model' },
  RateLimited: { type: 'requests', code: 'rate_limit_exceeded' },
  BudgetExceeded: { type: 'insufficient_quota', code: 'insufficient_quota' },
  Timeout: { type: 'server_error', code: 'timeout' },
};

/** An error's OpenAI-shaped body and status; `code` is Askflow's (an error event's code is any string). */
export function openAiError(code: string, message: string, status: number, details?: ApiError['details']): { status: number; body: OpenAiErrorBody } {
  const kind = OPENAI_KINDS[code as ErrorCode];
  const field = details?.find((d) => d.path !== '(body)')?.path;
  return {
    status: kind?.status ?? status,
    body: {
      error: {
        message,
        type: kind?.type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
        param: kind?.param ?? field ?? null,
        code: kind?.code ?? code,
      },
    },
  };
}

const isDoorPath = (ctx: { path: string }) => ctx.path === DOOR_PREFIX || ctx.path.startsWith(`${DOOR_PREFIX}/`);

/**
 * Every failure under `/v1` — ours, Koa's, a route that does not exist — answered in OpenAI's
 * error shape, so OpenAI SDKs raise their own error classes (AuthenticationError,
 * RateLimitError, …). Runs inside Askflow's errorBody(), which answers everywhere else.
 */
export function openAiErrors(log: Logger): Middleware<State> {
  return errorBody(log, (e) => openAiError(e.code, e.message, e.status, e.details), isDoorPath);
}
