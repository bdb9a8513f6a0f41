import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type Koa from 'koa';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@askflow/contract';
import { randomUUID } from 'node:crypto';

export interface ServerTimeouts {
  /** Longest wait for a request's headers. */
  headersTimeoutMs: number;
  /** Longest wait for a whole request, headers and body: a client trickling its body is cut off. */
  requestTimeoutMs: number;
}

/**
 * The api's HTTP server: bounded waits for slow clients, and JSON errors even for requests that
 * never reach the app (malformed, headers too large, too slow), which Node answers in plain text.
 */
export function createHttpServer(app: Koa, timeouts: ServerTimeouts): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      // Node checks the two timeouts above this often (default 30 s: a 10 s limit would hold for up to 40).
      connectionsCheckingInterval: 1_000,
      // Idle keep-alive connections outlive the clients' own idle timeouts (undici: 4 s; load
      // balancers: 60 s), so a client never reuses a socket the api is closing at that moment.
      keepAliveTimeout: 65_000,
    },
    app.callback(),
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => answerClientError(err, socket));
  return server;
}

function codeFor(err: NodeJS.ErrnoException): ErrorCode {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'RequestTimeout';
    case 'HPE_HEADER_OVERFLOW':
      return 'HeadersTooLarge';
    default:
      return 'ValidationError';
  }
}

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  RequestTimeout: 'The request did not arrive in time',
  HeadersTooLarge: 'The request headers are too large',
  ValidationError: 'The request is not valid HTTP',
};

/** What Node itself would do, as JSON: answer only if nothing of a response has gone out, then close. */
function answerClientError(err: NodeJS.ErrnoException, socket: Socket & { _httpMessage?: { headersSent?: boolean } }): void {
  if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const code = codeFor(err);
  const status = ERROR_STATUS[code];
  const requestId = randomUUID();
  const body: ErrorBody = { error: { code, message: MESSAGES[code] ?? 'Bad request', requestId } };
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${code}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
      `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${json}`,
  );
}
