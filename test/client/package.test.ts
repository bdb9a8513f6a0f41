// The packages as a user installs them: packed, installed from the tarballs into a fresh
// project, then used from ESM, from CommonJS and from TypeScript, against the real api.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../infra/paths.js';
import { closeDb, managedProject, stackInfo } from '../stack/context.js';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'askflow-pack-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeDb();
});

/** `npm pack` (its prepack builds ESM and CommonJS); the file list npm reports. */
async function pack(pkg: 'contract' | 'client'): Promise<{ tarball: string; files: string[] }> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: join(REPO_ROOT, pkg) });
  const [report] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(dir, report!.filename), files: report!.files.map((f) => f.path).sort() };
}

/** What a package needs: for every source module its ESM and CommonJS code and types, and the CommonJS marker. */
async function expectedFiles(pkg: 'contract' | 'client', extra: string[]): Promise<string[]> {
  const modules = (await readdir(join(REPO_ROOT, pkg, 'src'), { recursive: true })).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3));
  const built = modules.flatMap((m) => [`dist/${m}.js`, `dist/${m}.d.ts`, `dist/cjs/${m}.js`, `dist/cjs/${m}.d.ts`]);
  return [...built, 'dist/cjs/package.json', 'package.json', ...extra].sort();
}

const script = (load: string) => `${load}
const { baseUrl, apiKey, tenantId } = JSON.parse(process.env.ASKFLOW_PROJECT);
(async () => {
  const client = new AskflowClient({ apiKey, tenantId, baseUrl });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = computeSignature('s3cret', timestamp, '{"a":1}');
  const bad = await new AskflowClient({ apiKey: 'askflow_test_nope', tenantId, baseUrl, retries: 0 }).listModels().catch((e) => e);
  console.log(JSON.stringify({
    ping: await client.ping(),
    valid: validateSignature({ signature, timestamp, body: '{"a":1}', secret: 's3cret' }),
    tampered: validateSignature({ signature, timestamp, body: '{"a":2}', secret: 's3cret' }),
    defaultModel: (await client.listModels()).defaultId,
    badKey: [bad.name, bad instanceof AuthenticationError, bad instanceof EgoZError, bad.status],
    middleware: typeof verifyToolCalls({ secret: 's3cret' }),
  }));
})().catch((e) => { console.error(e); process.exit(1); });
`;

const consumer = (ext: 'mts' | 'cts') => `import { AskflowClient, type AskResponse, type ModelMenu } from '@askflow/client';
import { SseParser, type SseMessage } from '@askflow/client/sse';
import type { ProjectView } from '@askflow/contract/browser';
export const projectName = (p: ProjectView): string => p.name;
export const messages: SseMessage[] = new SseParser().feed('data: typed\\n\\n');
const client = new AskflowClient({ apiKey: 'k', tenantId: 't' });
export const answer: Promise<AskResponse> = client.ask({ message: 'typed (${ext})' });
export const menu: Promise<ModelMenu> = client.listModels();
// @ts-expect-error -- a misspelt field is caught: the types are real, not \`any\`
void client.ask({ mesage: 'oops' });
`;

describe('the packed packages', () => {
  it('pack only what they need, install from the tarballs, and work from ESM, CommonJS and TypeScript', async () => {
    const contract = await pack('contract');
    const client = await pack('client');
    expect(contract.files).toEqual(await expectedFiles('contract', ['README.md']));
    expect(client.files).toEqual(await expectedFiles('client', ['README.md']));

    const app = join(dir, 'app');
    await mkdir(app);
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true }));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', contract.tarball, client.tarball], { cwd: app });
    // The client brings nothing but the contract (and the contract only zod).
    expect((await readdir(join(app, 'node_modules'))).filter((d) => !d.startsWith('.')).sort()).toEqual(['@askflow', 'zod']);

    const p = await managedProject();
    const env = { ...process.env, ASKFLOW_PROJECT: JSON.stringify({ baseUrl: stackInfo().baseUrl, apiKey: p.apiKey, tenantId: p.tenantId }) };
    const names = 'AskflowClient, AuthenticationError, EgoZError, computeSignature, validateSignature, verifyToolCalls';
    await writeFile(join(app, 'check.mjs'), script(`import { ${names} } from '@askflow/client';`));
    await writeFile(join(app, 'check.cjs'), script(`const { ${names} } = require('@askflow/client');`));
    const expected = {
      ping: true,
      valid: true,
      tampered: false,
      defaultModel: 'local:extractive',
      badKey: ['AuthenticationError', true, true, 401],
      middleware: 'function',
    };
    for (const file of ['check.mjs', 'check.cjs']) {
      const { stdout } = await run(process.execPath, [file], { cwd: app, env });
      expect(JSON.parse(stdout)).toEqual(expected);
    }
    // Each entry point loads its own format of both packages.
    const { stdout: resolved } = await run(process.execPath, ['-e', "console.log(require.resolve('@askflow/client'), require.resolve('@askflow/contract'))"], { cwd: app });
    expect(resolved.trim().split(' ').map((f) => f.slice(app.length))).toEqual(['/node_modules/@askflow/client/dist/cjs/index.js', '/node_modules/@askflow/contract/dist/cjs/index.js']);

    // The browser-safe subpaths (wire shapes without the signature scheme, the SSE parser), in both formats.
    const subpaths = (load: string) => `${load}
console.log(JSON.stringify([typeof ProjectSchema.parse, typeof computeSignature, new SseParser().feed('event: delta\\ndata: x\\n\\n')]));`;
    await writeFile(join(app, 'browser.mjs'), subpaths(`import * as c from '@askflow/contract/browser'; import { SseParser } from '@askflow/client/sse'; const { ProjectSchema, computeSignature } = c;`));
    await writeFile(join(app, 'browser.cjs'), subpaths(`const { ProjectSchema, computeSignature } = require('@askflow/contract/browser'); const { SseParser } = require('@askflow/client/sse');`));
    for (const file of ['browser.mjs', 'browser.cjs']) {
      const { stdout } = await run(process.execPath, [file], { cwd: app });
      expect(JSON.parse(stdout)).toEqual(['function', 'undefined', [{ event: 'delta', data: 'x' }]]);
    }

    // Types resolve for both: an .mts file gets the ESM declarations, a .cts file the CommonJS ones.
    await writeFile(join(app, 'typed.mts'), consumer('mts'));
    await writeFile(join(app, 'typed.cts'), consumer('cts'));
    await writeFile(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, lib: ['ES2023'], types: ['node'], typeRoots: [join(REPO_ROOT, 'node_modules/@types')] },
        files: ['typed.mts', 'typed.cts'],
      }),
    );
    const tsc = await run(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', app, '--listFiles'], { cwd: app }).catch((e: { stdout: string }) => e);
    const listed = tsc.stdout.split('\n');
    expect(listed.filter((f) => f.includes('error TS'))).toEqual([]);
    expect(listed).toEqual(expect.arrayContaining([join(app, 'node_modules/@askflow/client/dist/index.d.ts'), join(app, 'node_modules/@askflow/client/dist/cjs/index.d.ts')]));

    // And for projects still on the older resolution (`node10`, no "exports"): the subpaths the
    // declarations import are found through typesVersions, so the types stay real there too (a
    // misspelt field is still caught: were they `any`, the @ts-expect-error would be unused).
    const legacy = join(app, 'legacy');
    await mkdir(legacy);
    await writeFile(join(legacy, 'typed.ts'), consumer('cts').replace('typed (cts)', 'typed (node10)'));
    await writeFile(
      join(legacy, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'CommonJS', moduleResolution: 'Node10', target: 'ES2022', esModuleInterop: true, strict: true, noEmit: true, skipLibCheck: true, lib: ['ES2023', 'DOM'], types: ['node'], typeRoots: [join(REPO_ROOT, 'node_modules/@types')] },
        files: ['typed.ts'],
      }),
    );
    const old = await run(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', legacy], { cwd: legacy }).catch((e: { stdout: string }) => e);
    expect(old.stdout.split('\n').filter((f) => f.includes('error TS'))).toEqual([]);
  }, 90_000);
});
