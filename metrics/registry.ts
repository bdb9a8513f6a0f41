// One Prometheus registry per process (api or worker), with Node's own process metrics. Tenant
// labels are off unless asked for: one series per tenant is unbounded cardinality.
import { collectDefaultMetrics, Registry } from 'prom-client';

export const registry = new Registry();
let tenants = false;

export function configureMetrics(opts: { process: 'api' | 'worker'; tenantLabels: boolean }): void {
  registry.setDefaultLabels({ process: opts.process });
  collectDefaultMetrics({ register: registry, prefix: 'askflow_' });
  tenants = opts.tenantLabels;
}

/** The `tenant` label's value: the project id when tenant labels are on, else empty (no label). */
export const tenantLabel = (projectId: string): string => (tenants ? projectId : '');
