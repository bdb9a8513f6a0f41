import { goBinaries } from './goBinaries.js';

/**
 * Prometheus's promtool (`check rules`, `test rules`) for the alert rules and dashboard queries in
 * infra/observability, built once from the pinned Go module (its go.mod has no `replace`) into
 * the machine cache. v0.316.0 is the module version of Prometheus 3.16.0.
 */
export const PROMTOOL_VERSION = 'v0.316.0';

export async function promtoolBinary(log: (m: string) => void): Promise<string> {
  const { promtool } = await goBinaries({ what: 'promtool', cacheName: 'promtool', version: PROMTOOL_VERSION, packages: ['github.com/prometheus/prometheus/cmd/promtool'] }, log);
  return promtool!;
}
