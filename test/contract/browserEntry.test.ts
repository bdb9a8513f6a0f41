// The console, like any web app, takes its wire shapes from `@askflow/contract/browser` and reads
// streams with `@askflow/client/sse`. A browser has none of Node's built-ins, so neither entry may
// reach one; the main entry keeps everything, signature scheme included.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import * as main from '@askflow/contract';
import * as browser from '@askflow/contract/browser';
import { REPO_ROOT } from '../../infra/paths.js';

/** The specifiers a module imports or re-exports at run time (type-only ones are erased, so left out). */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = clause?.isTypeOnly || (clause !== undefined && !clause.name && named !== undefined && named.length > 0 && named.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      const named = statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements : undefined;
      if (!(named && named.length > 0 && named.every((e) => e.isTypeOnly))) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

/** The packages (non-relative specifiers) a module reaches at run time, through its relative imports and re-exports. */
function packagesReached(entry: string): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const fileName of runtimeSpecifiers(file)) {
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
    // What the client loads on every runtime reaches neither zod nor a Node built-in: the names and
    // the signature schemes are on zod-free subpaths, and crypto comes through `#crypto`, whose
    // web build reaches nothing.
    expect(packagesReached('contract/src/names.ts')).toEqual([]);
    expect(packagesReached('contract/src/signing.ts')).toEqual([]);
    expect(packagesReached('client/src/signatures.ts')).toEqual(['#crypto', '@askflow/contract/signing']);
    expect(packagesReached('client/src/platform/cryptoWeb.ts')).toEqual([]);
    expect(packagesReached('client/src/client.ts')).toEqual(['#crypto', '@askflow/contract/names']);
  });

  it('are what the package exports under ./browser and ./sse, and the main entry still has all of it', () => {
    const exportsOf = (pkg: string) => (JSON.parse(readFileSync(join(REPO_ROOT, pkg, 'package.json'), 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports;
    expect(exportsOf('contract')['./browser']!.import.default).toBe('./dist/browser.js');
    expect(exportsOf('client')['./sse']!.import.default).toBe('./dist/sseParser.js');

    expect(Object.entries(browser).filter(([name, value]) => (main as Record<string, unknown>)[name] !== value)).toEqual([]);
    const onlyMain = Object.keys(main).filter((name) => !(name in browser)).sort();
    // Signing and verifying (tool calls, and webhooks the Standard Webhooks way) need node:crypto;
    // the schemes' names and error need nothing and are in both.
    expect(onlyMain).toEqual(['computeSignature', 'signWebhook', 'signatureHeader', 'validateSignature', 'validateWebhook', 'verifySignature', 'verifyWebhook', 'webhookSecretKey']);
  });
});
