// A new owner's first session in the console, in a real Chromium against the real stack.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { expectJson, stackInfo } from '../stack/context.js';
import { launchChromium, screenshot } from './chromium.js';
import { startToolServer } from './toolServer.js';
import { webhookReceiver } from '../manage/webhookReceiver.js';
import { newEmail, orderTool, password, question, returnsDoc } from './fixtures.js';

const STEP_MS = 60_000;
let browser: Browser;
// `locator.waitFor()` is this file's "the user sees it" assertion: it fails the test on timeout.
let page: Page;
let tools: Awaited<ReturnType<typeof startToolServer>>;
let hooks: Awaited<ReturnType<typeof webhookReceiver>>;
let webhookSecret = '';
let projectUrl = '';
const email = newEmail('console');

beforeAll(async () => {
  tools = await startToolServer();
  hooks = await webhookReceiver(() => webhookSecret);
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackInfo().baseUrl });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await tools?.close();
  await hooks?.close();
});

const tab = async (name: string) => {
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 2, name }).first().waitFor();
};

describe('the console walks a new owner from sign-up to analytics', () => {
  test('sign up lands on an empty project list', async () => {
    await page.goto(`${stackInfo().baseUrl}/`);
    // `/` redirects to the console, which shows a browser's first visit the sign-up form.
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await screenshot(page, '01-sign-up');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await page.getByText('No projects yet').waitFor();
    await page.getByText(email).waitFor();
  }, STEP_MS);

  test('create and rename a project', async () => {
    await page.getByLabel('New project name').fill('Support bot draft');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { level: 1, name: 'Support bot draft' }).waitFor();
    projectUrl = page.url().replace(/\/settings$/, '');
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    page.once('dialog', (d) => void d.accept('Support bot'));
    await page.getByRole('button', { name: 'Rename Support bot draft' }).click();
    await page.getByRole('link', { name: 'Support bot', exact: true }).waitFor();
    await screenshot(page, '02-projects');
    await page.getByRole('link', { name: 'Support bot', exact: true }).click();
  }, STEP_MS);

  test('a provider key is entered once and never shown; prices are saved for a picked model', async () => {
    await page.getByRole('heading', { name: 'Tenant ID' }).waitFor();
    const tenantId = await page.getByTestId('tenant-id').textContent();
    expect(projectUrl).toContain(tenantId);
    // Beyond answers, the project's own runs are one click away in the Temporal UI.
    expect(await page.getByRole('link', { name: 'Runs in Temporal UI' }).getAttribute('href')).toContain(`query=${encodeURIComponent(`AskflowTenantId="${tenantId}"`)}`);

    await page.getByLabel('Name (provider part of model ids)').fill('openai');
    await page.getByLabel('Base URL').fill('https://api.openai.example/v1');
    await page.getByLabel('API key (stored encrypted, never shown again)').fill('sk-console-secret-123');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await page.getByRole('button', { name: 'Remove openai' }).waitFor();
    await page.getByRole('cell', { name: 'stored' }).waitFor();
    expect(await page.content()).not.toContain('sk-console-secret-123');

    await page.getByRole('button', { name: 'Add price' }).click();
    // Models are picked: the built-in ones, and the project's connections.
    await page.getByLabel('Model id', { exact: true }).selectOption('local:extractive');
    await page.getByLabel('Input per million').fill('0.5');
    await page.getByLabel('Output per million').fill('1.5');
    await page.getByRole('button', { name: 'Save prices' }).click();
    await page.getByText('Prices saved.').waitFor();
    await page.reload();
    await page.getByLabel('Model id', { exact: true }).waitFor();
    expect(await page.getByLabel('Model id', { exact: true }).inputValue()).toBe('local:extractive');
    expect(await page.getByLabel('Input per million').inputValue()).toBe('0.5');
    await page.getByRole('cell', { name: 'stored' }).waitFor();
  }, STEP_MS);

  test("models are picked from the project's connections; a bad name gets the API's message, gone once fixed; leaving unsaved changes asks first", async () => {
    const chat = page.getByLabel('Chat model (default)');
    await chat.selectOption({ label: 'Another model on openai…' });
    await page.getByLabel('Model name on openai').fill('gpt 4o');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'must look like <provider>:<model>' });
    await alert.waitFor();
    // Fixing the cause clears the message at once, before saving again.
    await page.getByLabel('Model name on openai').fill('gpt-4o-mini');
    await alert.waitFor({ state: 'detached' });

    // The default stays the offline model; the hosted one goes on the menu.
    await chat.selectOption('local:extractive');
    await page.getByLabel('Add to model menu').selectOption({ label: 'Another model on openai…' });
    await page.getByLabel('Model name on openai').fill('gpt-4o-mini');
    await page.getByRole('group', { name: 'Model menu' }).getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Remove openai:gpt-4o-mini' }).waitFor();
    await page.getByLabel('Temperature').fill('0.7');
    await page.getByLabel('Tools enabled').check();
    await page.getByLabel('RAG (knowledge) enabled').check();
    await page.getByLabel(/When a thread is busy/).selectOption('reject');

    // Another tab while the form is unsaved: the console asks; staying keeps every edit.
    // The console asks from its hashchange listener, which may run after click() returns: the
    // message is awaited, not read right after the click. The dialog is dismissed the moment it
    // opens — left open, it would hold the navigation that click() may be waiting for.
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => { resolve(d.message()); void d.dismiss(); }));
    await page.getByRole('link', { name: 'API keys', exact: true }).click();
    expect(await asked).toMatch(/unsaved changes \(project settings\)/);
    await page.getByRole('heading', { level: 2, name: 'Model and behaviour' }).waitFor();
    expect(page.url()).toMatch(/\/settings$/);
    expect(await page.getByLabel('Temperature').inputValue()).toBe('0.7');

    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    // What was saved survives a reload: it came back from the API, not from the form's state.
    await page.reload();
    await page.getByLabel('Temperature').waitFor();
    expect(await page.getByLabel('Temperature').inputValue()).toBe('0.7');
    expect(await chat.inputValue()).toBe('local:extractive');
    expect(await page.getByLabel('Tools enabled').isChecked()).toBe(true);
    expect(await page.getByLabel('RAG (knowledge) enabled').isChecked()).toBe(true);
    expect(await page.getByLabel(/When a thread is busy/).inputValue()).toBe('reject');
    await page.getByRole('button', { name: 'Remove openai:gpt-4o-mini' }).waitFor();
    await screenshot(page, '03-settings');
  }, STEP_MS);

  test('generate a live key, shown once with its snippets; Copy says so for a moment, and never for the next key', async () => {
    await tab('API keys');
    await page.getByText('No keys yet').waitFor();
    await page.getByLabel('Name (optional)').fill('prod');
    await page.getByRole('button', { name: 'Generate key' }).click();
    const key = await page.getByTestId('new-key').textContent();
    expect(key).toMatch(/^askflow_live_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('cell', { name: 'prod' }).waitFor();
    await expect(page.getByTestId('new-key-section').getByTestId('snippet-code').textContent()).resolves.toContain(key);

    const copy = page.getByRole('button', { name: 'Copy key' });
    await copy.click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await copy.getByText('Copied ✓').waitFor();
    await copy.getByText('Copy key').waitFor({ timeout: 5000 });
    // A second key: its Copy button starts afresh.
    await copy.click();
    await copy.getByText('Copied ✓').waitFor();
    await page.getByRole('button', { name: 'Generate key' }).click();
    await page.getByTestId('new-key').filter({ hasNotText: key! }).waitFor();
    expect(await copy.textContent()).toBe('Copy key');
    await screenshot(page, '04-keys');
    await page.getByRole('button', { name: 'Done, I saved it' }).click();
  }, STEP_MS);

  test("cap the key's budget; the cap and the usage are shown after a reload", async () => {
    const openBudget = async () => {
      await page.getByRole('cell', { name: 'prod' }).waitFor();
      await page.getByRole('row').filter({ hasText: 'prod' }).getByRole('button', { name: /^Budget of askflow_live_/ }).click();
      await page.getByRole('dialog').getByTestId('budget-usage').waitFor();
    };
    await openBudget();
    expect(await page.getByTestId('budget-usage').textContent()).toMatch(/Today: 0 tokens, \$0\.00 \(0 asks\)/);
    await page.getByLabel('Tokens per day').fill('5000');
    await page.getByLabel('USD per month').fill('0');
    await page.getByRole('button', { name: 'Save budget' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toMatch(/monthlyCostUsd/);
    await page.getByLabel('USD per month').fill('12.5');
    await page.getByRole('button', { name: 'Save budget' }).click();
    await page.getByText('Budget saved.').waitFor();
    await page.reload();
    await openBudget();
    expect(await page.getByLabel('Tokens per day').inputValue()).toBe('5000');
    expect(await page.getByLabel('USD per month').inputValue()).toBe('12.5');
    expect(await page.getByLabel('Tokens per month').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }, STEP_MS);

  test('add a tool, send it a test call, see the signing secret', async () => {
    await tab('Tools');
    const t = orderTool(tools.url);
    await page.getByRole('button', { name: 'Add tool' }).click();
    await page.getByLabel('Tool name').fill(t.name);
    await page.getByLabel('Description').fill(t.description);
    await page.getByLabel('Parameters (JSON Schema)').fill(JSON.stringify(t.parameters, null, 2));
    await page.getByLabel('URL').fill(t.url);
    await page.getByLabel('Timeout (ms)').fill(String(t.timeoutMs));
    await page.getByLabel('Forwarded headers (comma-separated allowlist)').fill('X-Locale');
    await page.getByRole('button', { name: 'Save tool' }).click();
    await page.getByRole('button', { name: 'Send test call to orderStatus' }).click();
    await expect(page.getByTestId('tool-test-result').textContent()).resolves.toMatch(/OK 200[\s\S]*shipped/);
    expect(tools.calls.at(-1)?.headers['x-service-signature']).toMatch(/^sha256=/);
    await page.getByRole('button', { name: 'Show signing secret' }).click();
    await expect(page.getByTestId('signing-secret').textContent()).resolves.toMatch(/\S{16,}/);
    await screenshot(page, '05-tools');
  }, STEP_MS);

  test('add a webhook for answered asks and indexed documents: its secret is shown once', async () => {
    await page.getByLabel('Webhook endpoint').fill(hooks.url);
    await page.getByLabel('document.ready').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    webhookSecret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('webhook-secret').waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'ask.completed, document.ready' }).waitFor();
  }, STEP_MS);

  test('add a Markdown document and watch it ingest', async () => {
    await tab('Knowledge');
    await page.getByLabel('Document name').fill(returnsDoc.name);
    await page.getByLabel('Document text').fill(returnsDoc.text);
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.getByTestId('doc-status').filter({ hasText: 'ready' }).waitFor({ timeout: 45_000 });
    const bar = page.getByRole('progressbar', { name: `Ingestion of ${returnsDoc.name}` });
    expect(await bar.getAttribute('value')).toBe(await bar.getAttribute('max'));
    await page.getByRole('button', { name: `Preview chunks of ${returnsDoc.name}` }).click();
    // The preview opens over the page, where the owner is looking.
    const preview = page.getByRole('dialog', { name: `Chunks of ${returnsDoc.name}` });
    await preview.getByText('returned within 60 days').first().waitFor();
    const box = (await preview.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await screenshot(page, '06-knowledge', false);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
  }, STEP_MS);

  test('ask in the playground: streamed answer with intent, tool and sources; the thread continues', async () => {
    await tab('Playground');
    // The model picker is the project's menu as the service serves it to apps.
    await page.getByRole('option', { name: 'local:extractive (default)' }).waitFor({ state: 'attached' });
    await page.getByLabel('Message').fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    const meta = page.getByTestId('answer-meta').first();
    await meta.waitFor({ timeout: 45_000 });
    await expect(page.getByTestId('intent').first().textContent()).resolves.toBe('rag_tools');
    await expect(meta.textContent()).resolves.toMatch(/Tool used: orderStatus/);
    await expect(page.getByTestId('sources').first().textContent()).resolves.toContain(returnsDoc.name);
    await expect(page.getByTestId('answer').first().textContent()).resolves.toMatch(/60 days|shipped/);
    expect(await meta.getByRole('link', { name: 'Open run in Temporal UI' }).getAttribute('href')).toMatch(/\/namespaces\/[^/]+\/workflows\/ask-/);
    expect(tools.calls.at(-1)?.body.arguments).toEqual({ orderNumber: 1234 });

    // Enter sends, on the same thread.
    await page.getByLabel('Message').fill('And how long do refunds take?');
    await page.getByLabel('Message').press('Enter');
    await page.getByTestId('answer-meta').nth(1).waitFor({ timeout: 45_000 });
    const thread = await page.getByText(/^Thread /).textContent();
    // The conversation outlives a visit to another tab, and a reload.
    await tab('Knowledge');
    await tab('Playground');
    expect(await page.getByTestId('playground-turn').count()).toBe(2);
    await page.reload();
    await page.getByTestId('answer-meta').nth(1).waitFor();
    expect(await page.getByText(/^Thread /).textContent()).toBe(thread);
    await screenshot(page, '07-playground');
  }, 2 * STEP_MS);

  test('the webhook got the document and both asks, signed; its deliveries are listed and one is redelivered', async () => {
    await hooks.waitFor(2, 'ask.completed');
    await hooks.waitFor(1, 'document.ready');
    expect(hooks.received.every((d) => d.signatureValid)).toBe(true);
    await tab('Tools');
    await page.getByRole('button', { name: 'Show deliveries' }).click();
    const statuses = page.getByTestId('delivery-status');
    await statuses.nth(2).waitFor();
    // The receiver has them; the record of the last attempt may trail its answer by a moment.
    for (let i = 0; i < 20 && (await statuses.allTextContents()).some((t) => t !== 'delivered'); i++) {
      await page.getByRole('button', { name: 'Refresh deliveries' }).click();
      await page.waitForTimeout(250);
    }
    expect(await statuses.allTextContents()).toEqual(['delivered', 'delivered', 'delivered']);
    const before = hooks.received.length;
    await page.getByRole('button', { name: /^Redeliver document\.ready / }).click();
    await hooks.waitFor(before + 1);
    expect(hooks.received.at(-1)!.headers['webhook-id']).toBe(hooks.received.find((d) => d.body.type === 'document.ready')!.headers['webhook-id']);
    await page.getByRole('button', { name: 'Disable webhook' }).click();
    await page.getByRole('button', { name: 'Enable webhook' }).waitFor();
    await screenshot(page, '07b-webhooks');
  }, STEP_MS);

  test('analytics agree with themselves and with the turns: test traffic shown and labelled, its cost never billed; latency per model and intent; CSV export', async () => {
    await tab('Analytics');
    const test = page.getByTestId('totals-test');
    await test.waitFor();
    await expect(test.locator('th').textContent()).resolves.toBe('test (not billed)');
    await expect(test.locator('td').nth(0).textContent()).resolves.toBe('2');
    await expect(page.getByTestId('totals-live').locator('td').nth(0).textContent()).resolves.toBe('0');
    expect(await page.locator('canvas').count()).toBe(4);
    const row = page.getByTestId('performance-row').filter({ hasText: 'rag_tools' });
    await expect(row.textContent()).resolves.toMatch(/rag_tools\d+(\.\d+)? m?s/);

    // The export is what the table and the charts were drawn from.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export usage (CSV)' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8').trim().split('\r\n').map((l) => l.split(','));
    const [header, ...rows] = csv;
    const col = (name: string) => header!.indexOf(name);
    const testRows = rows.filter((r) => r[col('traffic')] === 'test');
    expect(testRows.every((r) => r[col('billed')] === 'no')).toBe(true);
    expect(testRows.reduce((n, r) => n + Number(r[col('asks')]), 0)).toBe(2);
    const testCost = testRows.reduce((n, r) => n + Number(r[col('cost_usd')]), 0);
    expect(testCost).toBeGreaterThan(0);
    // The turns' own costs (as the Conversations page reads them) sum to the same.
    const projectId = projectUrl.split('/projects/')[1]!;
    const session = await page.context().cookies();
    const headers = { Cookie: session.map((c) => `${c.name}=${c.value}`).join('; ') };
    const { threads } = await expectJson<{ threads: { id: string }[] }>(await fetch(`${stackInfo().baseUrl}/manage/projects/${projectId}/threads`, { headers }), 200);
    let turnCost = 0;
    for (const t of threads) {
      const { turns } = await expectJson<{ turns: { costUsd: number; isTest: boolean }[] }>(await fetch(`${stackInfo().baseUrl}/manage/projects/${projectId}/threads/${t.id}`, { headers }), 200);
      turnCost += turns.filter((x) => x.isTest).reduce((n, x) => n + x.costUsd, 0);
    }
    expect(testCost).toBeCloseTo(turnCost, 10);
    // The table shows that cost, as money; billed, nothing.
    const cells = await test.locator('td').allTextContents();
    expect(Number(cells[2]!.replace('$', ''))).toBeCloseTo(testCost, 4);
    expect(cells[3]).toBe('$0.00');
    await screenshot(page, '08-analytics');
  }, STEP_MS);

  test('the conversation is in the thread list, searchable, with every turn', async () => {
    await tab('Conversations');
    const rows = page.getByTestId('thread-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    await expect(rows.first().textContent()).resolves.toMatch(/refunds[\s\S]*2/);
    await page.getByLabel('Search threads').fill('no such words zzz');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No threads match').waitFor();
    await page.getByLabel('Search threads').fill('shipping');
    await page.getByRole('button', { name: 'Search' }).click();
    await rows.first().waitFor();
    await rows.first().getByRole('link').click();
    await page.getByTestId('thread-turn').nth(1).waitFor();
    // The thread opens at the top of the screen, its heading focused for keyboard and screen reader.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('thread-title');
    await expect(page.getByTestId('thread-turn').first().textContent()).resolves.toMatch(/intent rag_tools[\s\S]*tool orderStatus[\s\S]*test \(not billed\)/);
    await screenshot(page, '09-conversations');
  }, STEP_MS);

  test("a turn's run on a timeline: its steps with durations, the tool call among them, and the Temporal UI link", async () => {
    const turn = page.getByTestId('thread-turn').first();
    await turn.getByRole('button', { name: 'Show timeline' }).click();
    const timeline = turn.getByTestId('ask-timeline');
    await timeline.waitFor();
    const steps = timeline.getByTestId('timeline-step');
    await steps.first().waitFor();
    const labels = await steps.evaluateAll((items) => items.map((i) => i.getAttribute('aria-label') ?? ''));
    // Each step says what it was and how long it ran; the tool call is one of them, and the turn was saved last.
    expect(labels.some((l) => /^Tool orderStatus: \d+(\.\d+)? m?s/.test(l))).toBe(true);
    expect(labels.at(-1)).toMatch(/^Save the turn: .*completed$/);
    expect(labels.every((l) => /: \d+(\.\d+)? m?s/.test(l))).toBe(true);
    await expect(timeline.locator('figcaption').textContent()).resolves.toMatch(/completed in \d+(\.\d+)? m?s · \d+ steps/);
    expect(await timeline.getByRole('link', { name: 'run in Temporal UI' }).getAttribute('href')).toMatch(/\/workflows\/ask-/);
    // The bars sit inside the track: none starts before the run or ends after it.
    const bars = await timeline.locator('.timeline-bar').evaluateAll((els) => els.map((e) => {
      const bar = e.getBoundingClientRect();
      const track = e.parentElement!.getBoundingClientRect();
      return bar.left >= track.left - 0.5 && bar.right <= track.right + 2.5;
    }));
    expect(bars.length).toBe(labels.length);
    expect(bars.every(Boolean)).toBe(true);
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(page, '10-trace-view');
    await turn.getByRole('button', { name: 'Hide timeline' }).click();
    await timeline.waitFor({ state: 'detached' });
  }, STEP_MS);

  test('erase the thread: after a confirmation it is gone from the list', async () => {
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Erase thread' }).click();
    await page.getByTestId('thread-turn').first().waitFor({ state: 'detached' });
    await page.getByText('No threads match').waitFor();
  }, STEP_MS);

  test('delete a project', async () => {
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.getByLabel('New project name').fill('Scratch');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { level: 1, name: 'Scratch' }).waitFor();
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete Scratch' }).click();
    await page.getByRole('link', { name: 'Scratch', exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByRole('link', { name: 'Support bot', exact: true }).count()).toBe(1);
  }, STEP_MS);

  test('sign out ends the session', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await screenshot(page, '11-sign-in-error');
  }, STEP_MS);
});
