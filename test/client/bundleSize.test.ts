// What the packed client weighs in an app's bundle (esbuild, minified, for the browser), and what
// a bundler leaves out: an app that asks carries no zod and no management client; one that only
// verifies signatures carries nothing but the signature scheme. Figures go to
// .askflow/client-bundle-sizes.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../infra/paths.js';
import { installPacked } from './packedApp.js';

/** The limit the client keeps for an app that asks: min+gzip bytes. */
const ASK_CLIENT_LIMIT = 30 * 1024;

let dir: string;
let app: string;
const figures: Record<string, { minified: number; gzip: number; modules: string[] }> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'askflow-bundle-'));
  ({ app } = await installPacked(dir));
}, 180_000);

afterAll(async () => {
  await mkdir(join(REPO_ROOT, '.askflow'), { recursive: true });
  await writeFile(join(REPO_ROOT, '.askflow', 'client-bundle-sizes.json'), `${JSON.stringify(figures, null, 2)}\n`);
  await rm(dir, { recursive: true, force: true });
});

/** Bundles `code` as an app would (for the browser, minified) and measures it; `modules` are the files it kept, by package path. */
async function measure(name: string, code: string) {
  const result = await build({ stdin: { contents: code, resolveDir: app, loader: 'js' }, absWorkingDir: app, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent' });
  const output = result.outputFiles[0]!.contents;
  const [out] = Object.values(result.metafile.outputs);
  const modules = Object.entries(out!.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => relative(join(app, 'node_modules'), join(app, file)))
    .sort();
  figures[name] = { minified: output.length, gzip: gzipSync(output).length, modules };
  return figures[name];
}

describe('the client in an app bundle', () => {
  it(`asking costs at most ${ASK_CLIENT_LIMIT / 1024} kB min+gzip, with no zod and no management client`, async () => {
    const ask = await measure(
      'ask client',
      `import { AskflowClient, EgoZError } from '@askflow/client';
const c = new AskflowClient({ apiKey: 'k', tenantId: 't', dangerouslyAllowBrowser: true });
export const run = async () => { try { for await (const e of c.askStreamIter({ message: 'hi' })) console.log(e); return await c.ask({ message: 'hi' }); } catch (e) { if (e instanceof EgoZError) return e.code; throw e; } };`,
    );
    expect(ask.gzip).toBeLessThanOrEqual(ASK_CLIENT_LIMIT);
    expect(ask.modules.filter((m) => m.startsWith('zod/') || m.includes('/manage/') || m.includes('expressMiddleware'))).toEqual([]);
    expect(ask.modules).toContain('@askflow/client/dist/client.js');
  }, 60_000);

  it('importing only the signature helpers pulls nothing else, from the main entry or its own', async () => {
    const code = (from: string) => `import { verifySignatureAsync, verifyWebhookAsync } from '${from}';
export { verifySignatureAsync, verifyWebhookAsync };`;
    const expected = ['@askflow/client/dist/platform/cryptoWeb.js', '@askflow/client/dist/signatures.js', '@askflow/contract/dist/signatureScheme.js'];
    for (const from of ['@askflow/client', '@askflow/client/signatures']) {
      const signatures = await measure(`signature helpers from ${from}`, code(from));
      expect(signatures.modules).toEqual(expected);
      expect(signatures.gzip).toBeLessThan(2 * 1024);
    }
  }, 60_000);

  it('the management client is its own weight (it checks answers with the contract’s zod schemas)', async () => {
    const manage = await measure('management client', `import { AskflowManagementClient } from '@askflow/client';\nexport const m = new AskflowManagementClient({ token: 't', dangerouslyAllowBrowser: true });`);
    expect(manage.modules.some((m) => m.startsWith('zod/'))).toBe(true);
    expect(manage.modules).not.toContain('@askflow/client/dist/askEvents.js');
  }, 60_000);
});
