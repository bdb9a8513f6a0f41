/** Where the client writes what it does: `console` by default, or pino, winston, … (any object with these methods). */
export interface Logger {
  error(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  debug(message: string, ...rest: unknown[]): void;
}

/**
 * How much it writes: `debug` every request and response (method, path, status, request id,
 * time; never a key or a body), `info` retries and stream resumptions, `warn` (the default)
 * what the caller should fix, `error`, or `off`.
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(RANK, value);
}

/** The logger, muted below `level`. */
export function levelled(logger: Logger, level: LogLevel): Logger {
  const at = (l: Exclude<LogLevel, 'off'>) => (RANK[l] <= RANK[level] ? (message: string, ...rest: unknown[]) => logger[l](message, ...rest) : () => undefined);
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}
