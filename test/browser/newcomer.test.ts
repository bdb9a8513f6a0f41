// A first-time owner's way from nothing to a first answer from their own document, counted in
// interactions (each fill, click, key press or file pick is one), in a real Chromium against the
// real stack; then the snippet they copied is run as they would paste it.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AskResponseSchema } from '@askflow/contract';
import { stackInfo } from '../stack/context.js';
import { launchChromium, screenshot } from './chromium.js';
import { newEmail, password, returnsDoc } from './fixtures.js';

const run = promisify(execFile);
const MAX_INTERACTIONS = 10;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let interactions = 0;
let key = '';
let tenantId = '';
const scratch = join(process.cwd(), '.askflow', `snippets-${process.pid}`);

/** One thing the owner does. */
async function act<T>(what: () => Promise<T>): Promise<T> {
  interactions++;
  return what();
}

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The Copy buttons write to the clipboard; the test reads back what was copied.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackInfo().baseUrl });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  mkdirSync(scratch, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

describe('a newcomer', () => {
  test(`signs up, creates a project, uploads a document, gets an answer from it with its source, makes a key and copies a snippet — in at most ${MAX_INTERACTIONS} interactions`, async () => {
    // Opening the address is not an interaction: a first visit is shown the sign-up form.
    await page.goto(`${stackInfo().baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await act(() => page.getByLabel('Email').fill(newEmail('newcomer')));
    await act(() => page.getByLabel('Password').fill(password));
    await screenshot(page, 'newcomer-01-sign-up');
    await act(() => page.getByRole('button', { name: 'Sign up' }).click());

    // The first project's name is filled in already.
    await page.getByText('No projects yet').waitFor();
    expect(await page.getByLabel('New project name').inputValue()).toBe('My first project');
    await act(() => page.getByRole('button', { name: 'Create project' }).click());
    const checklist = page.getByTestId('checklist');
    await checklist.waitFor();
    await expect(checklist.textContent()).resolves.toMatch(/0 of 4 done/);
    tenantId = (await page.getByTestId('tenant-id').textContent()) ?? '';
    await screenshot(page, 'newcomer-02-checklist');

    // A new project has RAG off: its first document switches it on, and says so.
    await act(() => page.getByLabel('Upload a document').setInputFiles({ name: returnsDoc.name, mimeType: 'text/markdown', buffer: Buffer.from(returnsDoc.text) }));
    await page.getByText('RAG is now on: answers use your documents.').waitFor();
    await checklist.getByTestId('checklist-document').filter({ hasText: 'ready ✓' }).waitFor({ timeout: 45_000 });
    await screenshot(page, 'newcomer-03-uploaded');

    await act(() => page.getByRole('link', { name: 'Ask in the playground' }).click());
    await act(() => page.getByLabel('Message').fill('Within how many days can items be returned?'));
    await act(() => page.getByLabel('Message').press('Enter'));
    const meta = page.getByTestId('answer-meta').last();
    await meta.waitFor({ timeout: 45_000 });
    await expect(meta.getByTestId('intent').textContent()).resolves.toBe('rag');
    await expect(meta.getByTestId('sources').textContent()).resolves.toContain(returnsDoc.name);
    await expect(page.getByTestId('answer').last().textContent()).resolves.toContain('60 days');
    await screenshot(page, 'newcomer-04-answer');

    await act(() => page.getByRole('button', { name: 'Create a key' }).click());
    key = (await page.getByTestId('new-key').textContent()) ?? '';
    expect(key).toMatch(/^askflow_live_[A-Za-z0-9_-]{43}$/);
    await act(() => page.getByTestId('new-key-section').getByRole('button', { name: 'Copy curl snippet' }).click());
    const curl = await clipboard();
    expect(curl).toContain(key);
    expect(curl).toContain(`"tenantId":"${tenantId}"`);
    expect(curl).toContain(`${stackInfo().baseUrl}/service/ask`);
    // Every step is done.
    await checklist.getByText('All set').waitFor();
    await expect(checklist.textContent()).resolves.toMatch(/4 of 4 done/);
    await screenshot(page, 'newcomer-05-key-and-snippet');

    expect(interactions).toBeLessThanOrEqual(MAX_INTERACTIONS);
  }, 120_000);

  test('the copied curl snippet runs as pasted and answers', async () => {
    const { stdout } = await run('sh', ['-c', await clipboard()], { timeout: 30_000 });
    const answer = AskResponseSchema.parse(JSON.parse(stdout));
    expect(answer.answer.length).toBeGreaterThan(0);
    expect(answer.model).toBe('local:extractive');
  }, 60_000);

  test.each([
    ['Node.js client', 'node-client.mjs'],
    ['OpenAI SDK', 'openai-sdk.mjs'],
  ])('the %s snippet runs as pasted and prints the answer', async (tab, file) => {
    const fresh = page.getByTestId('new-key-section');
    await fresh.getByRole('tab', { name: tab }).click();
    await fresh.getByRole('button', { name: `Copy ${tab} snippet` }).click();
    const code = await clipboard();
    expect(code).toContain(key);
    // Beside the repository's node_modules, where `npm install` would have put the package.
    const path = join(scratch, file);
    writeFileSync(path, code);
    const { stdout } = await run(process.execPath, [path], { timeout: 30_000 });
    expect(stdout.trim().length).toBeGreaterThan(0);
    expect(stdout).not.toMatch(/error/i);
  }, 60_000);

  test('the key is shown once: after a reload only its prefix and snippets reading ASKFLOW_API_KEY remain', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Call Askflow from your app' }).waitFor();
    expect(await page.getByTestId('new-key').count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    await expect(page.getByTestId('snippet-code').textContent()).resolves.toContain('$ASKFLOW_API_KEY');
  }, 60_000);
});
