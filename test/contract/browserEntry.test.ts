// The console, like any web app, takes its wire shapes from `@askflow/contract/browser` and reads
// streams with `@askflow/client/sse`. A browser has none of Node's built-ins, so neither entry may
// reach one; the main entry keeps everything, signature scheme included.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import * as main from '@askflow/contract';
import * as browser from '@askflow/contract/browser';
import { REPO_ROOT } from '../../infra/paths.js';

/** The packages (non-relative specifiers) a module reaches, through its relative imports and re-exports. */
function packagesReached(entry: string): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (fileName.startsWith('.')) visit(resolve(dirname(file), fileName.replace(/\.js$/, '.ts')));
      else packages.add(fileName);
    }
  };
  visit(join(REPO_ROOT, entry));
  return [...packages].sort();
}

describe('the browser-safe entries', () => {
  it('reach no Node built-in: the contract only zod, the SSE parser nothing at all', () => {
    expect(packagesReached('contract/src/browser.ts')).toEqual(['zod']);
    expect(packagesReached('client/src/sseParser.ts')).toEqual([]);
    // The check above would see one: the main entry reaches node:crypto.
    expect(packagesReached('contract/src/index.ts')).toEqual(['node:crypto', 'zod']);
  });

  it('are what the package exports under ./browser and ./sse, and the main entry still has all of it', () => {
    const exportsOf = (pkg: string) => (JSON.parse(readFileSync(join(REPO_ROOT, pkg, 'package.json'), 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports;
    expect(exportsOf('contract')['./browser']!.import.default).toBe('./dist/browser.js');
    expect(exportsOf('client')['./sse']!.import.default).toBe('./dist/sseParser.js');

    expect(Object.entries(browser).filter(([name, value]) => (main as Record<string, unknown>)[name] !== value)).toEqual([]);
    const onlyMain = Object.keys(main).filter((name) => !(name in browser)).sort();
    // The signature schemes (tool calls, and webhooks the Standard Webhooks way) need node:crypto.
    expect(onlyMain).toEqual([
      'DEFAULT_SIGNATURE_TOLERANCE_SECONDS', 'SignatureVerificationError', 'WEBHOOK_HEADERS', 'computeSignature', 'signWebhook', 'signatureHeader',
      'validateSignature', 'validateWebhook', 'verifySignature', 'verifyWebhook', 'webhookSecretKey',
    ]);
  });
});
