// Runs a bundle in Vercel's Edge Runtime (the `edge-runtime` package: web APIs only, no Node) and
// prints the report the bundle leaves in `globalThis.__askflowReport`.
// Usage: node edgeRunner.mjs <runtimes' node_modules> <bundle.js>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [modules, bundle] = process.argv.slice(2);
const { EdgeRuntime } = createRequire(join(modules, 'noop.js'))('edge-runtime');
const runtime = new EdgeRuntime({ initialCode: readFileSync(bundle, 'utf8') });
const report = await runtime.evaluate('globalThis.__askflowReport');
console.log(JSON.stringify(report));
