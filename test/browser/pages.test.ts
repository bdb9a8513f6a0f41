// Every page of the console, filled with data, at desktop and phone sizes: a screenshot of each at
// 1280×800 and 390×844 in .askflow/screenshots/, no horizontal scroll down to 360 px, and no
// serious or critical axe-core violation.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ask, expectJson, manage, postJson, signUp, stackInfo } from '../stack/context.js';
import { launchChromium, screenshot } from './chromium.js';
import { horizontalOverflow, seriousViolations } from './audit.js';
import { startToolServer } from './toolServer.js';
import { orderTool, question, returnsDoc } from './fixtures.js';

const SIZES = [
  { width: 1280, height: 800, shot: true, axe: true },
  { width: 390, height: 844, shot: true, axe: true },
  { width: 360, height: 740, shot: false, axe: false },
] as const;
// An external thread id as some apps make them: long and without a break.
const LONG_ID = `support-ticket-${'7f3a9c2e'.repeat(30)}`;

let browser: Browser;
let tools: Awaited<ReturnType<typeof startToolServer>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let projectId = '';
let longThread = '';

/** Waits until the page has drawn its data: no loading placeholder left. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-testid=skeleton]'));
}

/** The page as it is now, at every size: screenshot, sideways scroll, axe. */
async function audit(page: Page, name: string, fullPage = true): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // Charts and wrapped layouts settle on the next frames after a resize.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await settled(page);
    expect({ page: name, width: size.width, overflow: await horizontalOverflow(page) }).toEqual({ page: name, width: size.width, overflow: 0 });
    if (size.shot) await screenshot(page, `page-${name}-${size.width}x${size.height}`, fullPage);
    if (size.axe) expect({ page: name, width: size.width, violations: await seriousViolations(page) }).toEqual({ page: name, width: size.width, violations: [] });
  }
}

beforeAll(async () => {
  tools = await startToolServer();
  browser = await launchChromium();
  owner = await signUp();
  const p = (path: string) => `/projects/${projectId}${path}`;
  projectId = (await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'Support bot' }), 201)).id;
  await expectJson(await manage(owner.token, 'PATCH', p(''), { toolsEnabled: true, ragEnabled: true }), 200);
  await expectJson(await manage(owner.token, 'PUT', p('/prices'), { prices: [{ modelId: 'local:extractive', inputPerMillion: 2, outputPerMillion: 6 }] }), 200);
  await expectJson(await manage(owner.token, 'POST', p('/tools'), orderTool(tools.url)), 201);
  const doc = await expectJson<{ id: string }>(await manage(owner.token, 'POST', p('/knowledge'), returnsDoc), 202);
  for (let status = ''; status !== 'ready';) {
    ({ status } = await expectJson<{ status: string }>(await manage(owner.token, 'GET', p(`/knowledge/${doc.id}`)), 200));
    if (status === 'failed') throw new Error('ingestion failed');
    await new Promise((r) => setTimeout(r, 300));
  }
  const live = await expectJson<{ key: string }>(await manage(owner.token, 'POST', p('/keys'), { mode: 'live', name: 'Website widget' }), 201);
  const test = await expectJson<{ key: string }>(await manage(owner.token, 'POST', p('/keys'), { mode: 'test', name: 'Staging' }), 201);
  longThread = (await expectJson<{ threadId: string }>(await ask({ tenantId: projectId, apiKey: live.key }, { message: question, externalThreadId: LONG_ID }), 200)).threadId;
  const streamed = await postJson('/service/ask/stream', { tenantId: projectId, message: 'Within how many days can items be returned?' }, { 'X-API-Key': test.key });
  expect(await streamed.text()).toContain('event: done');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await tools?.close();
});

describe('every console page at 1280, 390 and 360 px wide', () => {
  let context: BrowserContext;
  let page: Page;
  const base = () => `${stackInfo().baseUrl}/console/#/projects/${projectId}`;
  const open = async (tab: string, heading: string) => {
    await page.goto(`${base()}/${tab}`);
    await page.getByRole('heading', { level: 2, name: heading }).first().waitFor();
    await settled(page);
  };

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackInfo().baseUrl });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(() => context?.close());

  test('sign-up and sign-in', async () => {
    await page.goto(`${stackInfo().baseUrl}/console/#/signup`);
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await audit(page, 'sign-up');
    await page.goto(`${stackInfo().baseUrl}/console/#/signin`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await audit(page, 'sign-in');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await page.getByRole('link', { name: 'Support bot' }).waitFor();
    await audit(page, 'projects');
  }, 120_000);

  test('settings, with the first-run checklist above', async () => {
    await open('settings', 'Model and behaviour');
    await page.getByTestId('checklist').waitFor();
    await audit(page, 'settings');
  }, 120_000);

  test('keys, a new one with its snippets, and a key budget', async () => {
    await open('keys', 'API keys');
    await page.getByRole('button', { name: 'Generate key' }).click();
    await page.getByTestId('new-key').waitFor();
    await audit(page, 'keys');
    await page.getByRole('button', { name: /^Budget of askflow_live_/ }).first().click();
    await page.getByTestId('budget-usage').waitFor();
    await audit(page, 'key-budget', false);
    await page.keyboard.press('Escape');
  }, 120_000);

  test('tools, with a test call made', async () => {
    await open('tools', 'Tools');
    await page.getByRole('button', { name: 'Send test call to orderStatus' }).click();
    await page.getByTestId('tool-test-result').waitFor();
    await audit(page, 'tools');
  }, 120_000);

  test('knowledge, and the chunk preview over it', async () => {
    await open('knowledge', 'Documents');
    await audit(page, 'knowledge');
    await page.getByRole('button', { name: `Preview chunks of ${returnsDoc.name}` }).click();
    await page.getByRole('dialog').getByText('60 days').first().waitFor();
    await audit(page, 'chunk-preview', false);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }, 120_000);

  test('playground, with an answer that used a tool and a document', async () => {
    await open('playground', 'Playground');
    await page.getByLabel('Message').fill(question);
    await page.getByLabel('Message').press('Enter');
    await page.getByTestId('answer-meta').waitFor({ timeout: 45_000 });
    await audit(page, 'playground');
  }, 120_000);

  test('analytics', async () => {
    await open('analytics', 'Analytics');
    await page.getByTestId('performance').waitFor();
    await audit(page, 'analytics');
  }, 120_000);

  test('conversations, and a thread whose external id is one long word', async () => {
    await open('conversations', 'Conversations');
    await page.getByText(LONG_ID).waitFor();
    await audit(page, 'conversations');
    await page.goto(`${base()}/conversations/${longThread}`);
    await page.getByTestId('thread-turn').first().waitFor();
    await page.getByRole('button', { name: 'Show timeline' }).first().click();
    await page.getByTestId('timeline-step').first().waitFor();
    await audit(page, 'thread');
  }, 120_000);
});
