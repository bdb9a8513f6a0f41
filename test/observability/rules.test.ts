/**
 * The alert rules and the Grafana dashboard in infra/observability, checked as Prometheus would
 * read them: promtool (built from its Go module) checks the rules and runs their unit tests (each
 * alert fires on the series it is about), every dashboard query is valid PromQL, and every metric
 * either names is one Askflow's processes really export — scraped from the test stack after asks.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { REPO_ROOT } from '../../infra/paths.js';
import { promtoolBinary } from '../../infra/promtool.js';
import { ask, closeDb, expectJson, stackInfo } from '../stack/context.js';
import { collect, openStream } from '../stack/sse.js';
import { weatherProject } from '../stack/weatherProject.js';

const run = promisify(execFile);
const DIR = join(REPO_ROOT, 'infra', 'observability');

let promtool: string;
beforeAll(async () => {
  // Cold machine: promtool builds in a few minutes on 2 cores; cached afterwards.
  promtool = await promtoolBinary((m) => console.log(`[observability] ${m}`));
}, 15 * 60_000);
afterAll(() => closeDb());

const Target = z.object({ refId: z.string().min(1), expr: z.string().min(1), legendFormat: z.string().optional() }).strict();
const Panel = z
  .object({
    id: z.number().int().positive(),
    type: z.enum(['timeseries', 'stat']),
    title: z.string().min(1),
    gridPos: z.object({ x: z.number().int().min(0), y: z.number().int().min(0), w: z.number().int().min(1), h: z.number().int().min(1) }).refine((g) => g.x + g.w <= 24, 'a panel must fit the 24-column grid'),
    datasource: z.object({ type: z.literal('prometheus'), uid: z.literal('${datasource}') }),
    fieldConfig: z.object({ defaults: z.object({ unit: z.string() }), overrides: z.array(z.unknown()) }),
    targets: z.array(Target).min(1),
  })
  .strict();
const Dashboard = z
  .object({
    title: z.string(),
    uid: z.string().regex(/^[\w-]{1,40}$/),
    schemaVersion: z.number().int().min(36),
    version: z.number().int(),
    editable: z.boolean(),
    tags: z.array(z.string()),
    time: z.object({ from: z.string(), to: z.string() }),
    refresh: z.string(),
    timezone: z.string(),
    templating: z.object({ list: z.array(z.object({ name: z.literal('datasource'), type: z.literal('datasource'), query: z.literal('prometheus'), label: z.string() })) }),
    annotations: z.object({ list: z.array(z.unknown()) }),
    panels: z.array(Panel).min(1),
  })
  .strict();

const dashboard = () => Dashboard.parse(JSON.parse(readFileSync(join(DIR, 'grafana-dashboard.json'), 'utf8')));
const alertExprs = () => [...readFileSync(join(DIR, 'alerts.yaml'), 'utf8').matchAll(/expr: \|?\n?([\s\S]*?)\n\s+(?:for|labels):/g)].map((m) => m[1]!.trim());

/** Metric names a PromQL expression reads (identifiers followed by a selector, range or `)`/`[`, minus functions and keywords). */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""').replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const words = [...withoutStrings.matchAll(/\b([a-zA-Z_:][\w:]*)\b(?!\s*\()/g)].map((m) => m[1]!);
  return [...new Set(words.filter((w) => /^(askflow|temporal)_/.test(w)))];
}

describe('alert rules', () => {
  it('pass promtool check rules, and their unit tests fire each alert on its series', async () => {
    const checked = await run(promtool, ['check', 'rules', join(DIR, 'alerts.yaml')]);
    expect(checked.stdout).toMatch(/SUCCESS: 6 rules found/);
    const tested = await run(promtool, ['test', 'rules', join(DIR, 'alerts.test.yaml')]);
    expect(tested.stdout).toContain('SUCCESS');
  });

  it('promtool fails a broken rule (the check can fail)', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'askflow-rules-'));
    try {
      writeFileSync(join(scratch, 'bad.yaml'), 'groups:\n  - name: bad\n    rules:\n      - alert: Bad\n        expr: sum(rate(askflow_asks_total[5m]) > \n');
      await expect(run(promtool, ['check', 'rules', join(scratch, 'bad.yaml')])).rejects.toThrow(/parse error|unclosed/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('the Grafana dashboard', () => {
  it('is a well-formed dashboard whose every query is valid PromQL', async () => {
    const d = dashboard();
    expect(new Set(d.panels.map((p) => p.id)).size).toBe(d.panels.length);
    const exprs = d.panels.flatMap((p) => p.targets.map((t) => t.expr));
    // promtool checks PromQL inside rules: each query as a recording rule.
    const scratch = mkdtempSync(join(tmpdir(), 'askflow-dashboard-'));
    try {
      const rules = { groups: [{ name: 'dashboard', rules: exprs.map((expr, i) => ({ record: `askflow:dashboard_query_${i}`, expr })) }] };
      writeFileSync(join(scratch, 'queries.json'), JSON.stringify(rules));
      const checked = await run(promtool, ['check', 'rules', join(scratch, 'queries.json')]);
      expect(checked.stdout).toContain(`SUCCESS: ${exprs.length} rules found`);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    // What the issue asks a dashboard to show: latency, throughput, errors, tokens, cost, saturation, backlog.
    const all = exprs.join('\n');
    for (const m of ['askflow_ask_duration_seconds_bucket', 'askflow_asks_total', 'askflow_rejections_total', 'askflow_tokens_total', 'askflow_cost_usd_total', 'temporal_worker_task_slots_available', 'temporal_workflow_task_schedule_to_start_latency_bucket']) {
      expect(all).toContain(m);
    }
  });

  it('reads only metrics Askflow exports (scraped after asks), as do the alert rules', async () => {
    // Asks of every kind first, so every histogram and labelled counter has series.
    const p = await weatherProject();
    await expectJson(await ask(p, { message: "What's the weather in Oslo?" }), 200);
    await expectJson(await ask(p, { message: 'Within how many days can items be returned?' }), 200);
    await collect(await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: 'hello' }, headers: { 'X-API-Key': p.apiKey } }));
    const exported = new Set<string>();
    for (const url of stackInfo().metricsUrls) {
      for (const line of (await (await fetch(url)).text()).split('\n')) {
        const m = /^# (?:TYPE|HELP) (\S+)/.exec(line) ?? /^([a-zA-Z_:][\w:]*)/.exec(line);
        if (m) exported.add(m[1]!);
      }
    }
    // A histogram `h` is exported as h_bucket, h_sum and h_count; its TYPE line names `h`.
    const known = (name: string) => exported.has(name) || exported.has(name.replace(/_(bucket|sum|count)$/, ''));
    const used = [...dashboard().panels.flatMap((p) => p.targets.flatMap((t) => metricNames(t.expr))), ...alertExprs().flatMap(metricNames)];
    expect(used.length).toBeGreaterThan(10);
    expect([...new Set(used)].filter((n) => !known(n))).toEqual([]);
  });
});
