import { ERROR_STATUS, type ErrorCode } from '@askflow/contract';

/** An error meant for the caller: its code and message go into the JSON error body as they are. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
