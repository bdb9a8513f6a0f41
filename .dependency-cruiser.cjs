/**
 * The layers of Askflow's code: each folder may import only the folders listed for it (and
 * itself), so imports point down and never form a cycle. Checked by test/architecture/layers.test.ts
 * (in `npm test`); `npx depcruise --config .dependency-cruiser.cjs api` shows the same by hand.
 */
const BELOW = {
  config: [],
  text: [],
  // Temporal payload encryption, shared by every client and worker of Askflow.
  codec: ['config'],
  // Prometheus metrics of the process (prom-client): what api and worker count.
  metrics: ['config'],
  // OpenTelemetry traces: the tracer provider, span helpers and the Temporal interceptors' wiring.
  tracing: ['config'],
  net: ['contract', 'config', 'text', 'tracing'],
  store: ['contract', 'config', 'text'],
  providers: ['contract', 'config', 'text', 'net', 'tracing'],
  knowledge: ['contract', 'config', 'text', 'net', 'store', 'providers', 'tracing'],
  // The shared ask interface: types and definitions for api, worker, activities and workflows.
  interface: ['contract', 'text', 'store', 'providers', 'knowledge'],
  activities: ['contract', 'config', 'metrics', 'tracing', 'text', 'net', 'store', 'providers', 'knowledge', 'interface'],
  // Deterministic workflow code: the shared interface and wire shapes only.
  workflows: ['contract', 'interface'],
  api: ['contract', 'config', 'codec', 'metrics', 'tracing', 'text', 'net', 'store', 'providers', 'knowledge', 'interface'],
  worker: ['contract', 'config', 'codec', 'metrics', 'tracing', 'text', 'net', 'store', 'providers', 'knowledge', 'interface', 'activities', 'workflows'],
  contract: [],
  client: ['contract'],
  console: ['contract', 'client'],
  infra: ['contract', 'config', 'codec', 'metrics', 'tracing', 'text', 'net', 'store', 'providers', 'knowledge', 'interface', 'activities', 'workflows', 'api', 'worker'],
};
const FOLDERS = [...Object.keys(BELOW), 'bench', 'test'];

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Import cycles make layers meaningless.', from: {}, to: { circular: true } },
    ...Object.entries(BELOW).map(([folder, below]) => ({
      name: `${folder}-imports-down`,
      severity: 'error',
      comment: `${folder}/ may import only ${below.join(', ') || 'nothing of ours'}`,
      from: { path: `^${folder}/` },
      to: { path: `^(${FOLDERS.filter((f) => f !== folder && !below.includes(f)).join('|')})/` },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // Type-only imports are imports too: a layer must not even know the shapes above it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
