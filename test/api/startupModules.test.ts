import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The api's resident memory is mostly what it loads (issue 13: ≤ 130 MB per replica). A few
// packages are large and serve only rare requests, so the api loads them on first use
// (api/onDemand.ts); one static import from anywhere in its module graph quietly loads them at
// start in every replica (the console's config route once pulled the token tables in through
// the provider registry: +25 MB resident). This walks the static imports of our own source.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Packages the api must not load at start, and why they are large. */
const ON_DEMAND_ONLY: Record<string, string> = {
  'gpt-tokenizer': 'BPE token tables, ~40 MB resident',
  ajv: 'JSON Schema compiler, ~12 MB resident',
  openai: 'the OpenAI client, used by the worker to call models',
  usearch: 'a native SIMD library, used only when the worker searches vectors',
};

/** Every module reachable from `entry` by static `import … from` / `export … from`, with the module that first imported it. */
function staticGraph(entry: string): { modules: Map<string, string | null>; packages: Map<string, string> } {
  const modules = new Map<string, string | null>([[entry, null]]);
  const packages = new Map<string, string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+['"]([^'"]+)['"]/gms)) {
      const spec = m[1]!;
      if (!spec.startsWith('.')) {
        const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!packages.has(pkg)) packages.set(pkg, file);
        continue;
      }
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
      if (!existsSync(target) || modules.has(target)) continue;
      modules.set(target, file);
      queue.push(target);
    }
  }
  return { modules, packages };
}

function chain(modules: Map<string, string | null>, from: string): string {
  const files: string[] = [];
  for (let f: string | null | undefined = from; f; f = modules.get(f)) files.push(relative(ROOT, f));
  return files.reverse().join(' → ');
}

describe("the api's start", () => {
  it('does not load the packages kept for rare requests', () => {
    const { modules, packages } = staticGraph(join(ROOT, 'api/main.ts'));
    expect(modules.size).toBeGreaterThan(50); // the walk really followed the imports
    expect(packages.has('koa')).toBe(true);
    const loaded = Object.keys(ON_DEMAND_ONLY)
      .filter((pkg) => packages.has(pkg))
      .map((pkg) => `${pkg} (${ON_DEMAND_ONLY[pkg]}) via ${chain(modules, packages.get(pkg)!)}`);
    expect(loaded).toEqual([]);
  });
});
