import { pino, type Logger } from 'pino';
import { logContext, traceFields } from './logContext.js';

export type { Logger };

/** JSON lines; each carries the current request's or activity's fields (logContext.ts) and, with tracing on, its trace. */
export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, base: { service: name }, mixin: () => ({ ...logContext(), ...traceFields() }) });
}
