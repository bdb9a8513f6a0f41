import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type IForbiddenRuleType, type IReporterOutput } from 'dependency-cruiser';
import { REPO_ROOT } from '../../infra/paths.js';

const SOURCES = ['api', 'activities', 'workflows', 'worker', 'interface', 'store', 'providers', 'knowledge', 'net', 'text', 'config', 'codec', 'metrics', 'tracing', 'contract/src', 'client/src', 'console/src', 'infra'];

const rules = createRequire(import.meta.url)(join(REPO_ROOT, '.dependency-cruiser.cjs')) as { forbidden: IForbiddenRuleType[]; options: Record<string, unknown> };

/** Imports that break .dependency-cruiser.cjs, over every source folder of the app. */
async function violations(): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(REPO_ROOT);
  try {
    const folders = SOURCES.filter((s) => existsSync(join(REPO_ROOT, s)));
    const result: IReporterOutput = await cruise(folders, { ...rules.options, validate: true, ruleSet: { forbidden: rules.forbidden } });
    if (typeof result.output === 'string') throw new Error(result.output);
    return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle?.length ? ` (cycle ${v.cycle.map((c) => c.name).join(' → ')})` : ''}`);
  } finally {
    process.chdir(previous);
  }
}

/** Whether the rules forbid a module of `from` to import `to`. */
function forbids(from: string, to: string): boolean {
  return rules.forbidden.some((rule) => {
    const r = rule as { from: { path?: string }; to: { path?: string } };
    const fromPath = r.from.path;
    const toPath = r.to.path;
    return fromPath !== undefined && toPath !== undefined && new RegExp(fromPath).test(from) && new RegExp(toPath).test(to);
  });
}

describe('layers', () => {
  it('forbid upward imports: workflows see only the interface, the api never the worker side', () => {
    expect(forbids('workflows/ask.ts', 'activities/index.ts')).toBe(true);
    expect(forbids('api/ask/startAsk.ts', 'workflows/ask.ts')).toBe(true);
    expect(forbids('api/ask/prepareAsk.ts', 'activities/index.ts')).toBe(true);
    expect(forbids('store/chunks.ts', 'knowledge/types.ts')).toBe(true);
    expect(forbids('api/main.ts', 'infra/paths.ts')).toBe(true);
    expect(forbids('workflows/ask.ts', 'interface/ask.ts')).toBe(false);
    expect(forbids('api/ask/startAsk.ts', 'interface/ask.ts')).toBe(false);
    expect(forbids('worker/main.ts', 'activities/index.ts')).toBe(false);
  });

  it('imports only point down the layers, with no cycle', async () => {
    expect(await violations()).toEqual([]);
  }, 120_000);
});
