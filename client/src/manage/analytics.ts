import { AnalyticsSchema, type AnalyticsView } from '@askflow/contract/browser';
import type { AskflowPromise, WithRequestId } from '../apiPromise.js';
import type { Transport } from '../transport.js';
import { manageCall, projectPath, type CallOptions } from './caller.js';

export interface AnalyticsOptions extends CallOptions {
  /** Start of the range (inclusive); default seven days before `to`. */
  from?: Date | string;
  /** End of the range (exclusive); default now. */
  to?: Date | string;
  /** `day` (default; at most 366 of them) or `hour` (at most 31 days). */
  bucket?: 'hour' | 'day';
}

/** Usage, cost, latency and satisfaction of a project over time, per model and traffic kind. */
export class Analytics {
  constructor(private readonly t: Transport) {}

  get(projectId: string, options: AnalyticsOptions = {}): AskflowPromise<WithRequestId<AnalyticsView>> {
    const query = new URLSearchParams();
    const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());
    if (options.from !== undefined) query.set('from', iso(options.from));
    if (options.to !== undefined) query.set('to', iso(options.to));
    if (options.bucket !== undefined) query.set('bucket', options.bucket);
    const search = query.toString() ? `?${query.toString()}` : '';
    return manageCall(this.t, { method: 'GET', path: `${projectPath(projectId, 'analytics')}${search}`, signal: options.signal }, AnalyticsSchema, 'analytics');
  }
}
