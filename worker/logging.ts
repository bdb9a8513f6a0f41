// The worker's logs: the Temporal SDK's own lines (activity and workflow failures, retries) go to
// the same JSON logger as Askflow's, and every line written for an activity carries the ask id
// (its workflow id), the tenant and the request id the activity's arguments name.
import type { ActivityInterceptorsFactory, LogEntry, LogLevel } from '@temporalio/worker';
import { DefaultLogger } from '@temporalio/worker';
import { traceFields, withLogContext, type LogFields } from '../config/logContext.js';
import type { Logger } from '../config/logger.js';
import { ASKFLOW } from '../tracing/attributes.js';
import { annotateActiveSpan } from '../tracing/spans.js';

const SDK_LEVEL: Record<string, LogLevel> = { trace: 'TRACE', debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', fatal: 'ERROR', silent: 'ERROR' };
const PINO_METHOD = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

/** The SDK's logger, writing through `log` with the ask id beside the SDK's own metadata. */
export function sdkLogger(log: Logger, level: string): DefaultLogger {
  const sdk = log.child({ component: 'temporal-sdk' });
  return new DefaultLogger(SDK_LEVEL[level] ?? 'INFO', (entry: LogEntry) => {
    const meta = entry.meta ?? {};
    const askId = typeof meta.workflowId === 'string' ? { askId: meta.workflowId } : {};
    sdk[PINO_METHOD[entry.level]]({ ...meta, ...askId }, entry.message);
  });
}

/** The ids an activity's arguments carry: the ask's input (tenantId, requestId) or its plan (projectId). */
function idsOf(args: unknown[]): LogFields {
  const fields: LogFields = {};
  for (const a of args) {
    if (!a || typeof a !== 'object') continue;
    const o = a as Record<string, unknown>;
    if (typeof o.tenantId === 'string') fields.tenant = o.tenantId;
    else if (typeof o.projectId === 'string' && !fields.tenant) fields.tenant = o.projectId;
    if (typeof o.requestId === 'string') fields.requestId = o.requestId;
  }
  return fields;
}

/** Activity interceptors: the activity runs in a log context of its ids, which the SDK's lines about it and its span carry too. */
export const activityLogContext: ActivityInterceptorsFactory = (ctx) => {
  let fields: LogFields = {};
  return {
    inbound: {
      execute: (input, next) => {
        const askId = ctx.info.workflowExecution?.workflowId;
        // With tracing on the activity's span is active here: the SDK's lines about the activity
        // once it has ended (completed, failed) are written outside it, so its ids are kept.
        fields = { ...(askId ? { askId } : {}), ...idsOf(input.args), ...traceFields() };
        // The activity's span (with tracing on) says whose ask it ran for.
        annotateActiveSpan({ ...(fields.askId ? { [ASKFLOW.askId]: fields.askId } : {}), ...(fields.tenant ? { [ASKFLOW.tenant]: fields.tenant } : {}), ...(fields.requestId ? { [ASKFLOW.requestId]: fields.requestId } : {}), [ASKFLOW.attempt]: ctx.info.attempt });
        return withLogContext(fields, () => next(input));
      },
    },
    outbound: { getLogAttributes: (input, next) => ({ ...next(input), ...fields }) },
  };
};
