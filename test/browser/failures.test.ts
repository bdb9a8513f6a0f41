// When things go wrong, the console says what and no more: a failed answer shows its error (no
// "Intent: … Model: …" placeholders), a refusal's message goes once its cause is fixed, and a
// section that is still loading shows its shape instead of nothing.
import type { Browser, Page } from 'playwright-core';
import { expectJson, manage, signUp, stackInfo } from '../stack/context.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { launchChromium } from './chromium.js';

let browser: Browser;
let page: Page;
let llm: ChatCompletionsServer;
let owner: Awaited<ReturnType<typeof signUp>>;
let projectId = '';
const p = (path = '') => `/projects/${projectId}${path}`;

beforeAll(async () => {
  llm = await startChatCompletionsServer();
  owner = await signUp();
  projectId = (await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'Failing provider' }), 201)).id;
  // The provider refuses the key it is given: every answer fails at the provider, at once.
  await expectJson(await manage(owner.token, 'PUT', p('/providers/acme'), { baseUrl: llm.baseUrl, apiKey: 'not-the-right-key' }), 200);
  await expectJson(await manage(owner.token, 'PATCH', p(), { chatModel: 'acme:chat-1' }), 200);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(20_000);
  await page.goto(`${stackInfo().baseUrl}/console/#/signin`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Projects' }).waitFor();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await llm?.close();
});

test('an answer the provider failed shows the error and a way to its run, not placeholders', async () => {
  await page.goto(`${stackInfo().baseUrl}/console/#/projects/${projectId}/playground`);
  await page.getByLabel('Message').fill('hello');
  await page.getByLabel('Message').press('Enter');
  const turn = page.getByTestId('playground-turn').first();
  await turn.getByRole('alert').waitFor({ timeout: 45_000 });
  await expect(turn.getByRole('alert').textContent()).resolves.toMatch(/\S/);
  await turn.getByRole('link', { name: 'See what happened in Temporal UI' }).waitFor();
  const text = (await turn.textContent()) ?? '';
  expect(text).not.toContain('…');
  expect(text).not.toMatch(/Intent:|Model:/);
}, 60_000);

test("a refused ask's message goes as soon as the next ask is answered", async () => {
  // Back to the offline model: answered, and today's tokens are spent against a cap of 1.
  await expectJson(await manage(owner.token, 'PATCH', p(), { chatModel: 'local:extractive' }), 200);
  await page.reload();
  await page.getByRole('heading', { level: 2, name: 'Playground' }).waitFor();
  const turns = page.getByTestId('playground-turn');
  // The failed turn of the first test is still there.
  expect(await turns.count()).toBe(1);
  await page.getByLabel('Message').fill('hello');
  await page.getByLabel('Message').press('Enter');
  await turns.nth(1).getByTestId('answer-meta').waitFor({ timeout: 45_000 });
  await expectJson(await manage(owner.token, 'PUT', p('/budget'), { dailyTokens: 1 }), 200);

  await page.getByLabel('Message').fill('hello again');
  await page.getByLabel('Message').press('Enter');
  const refusal = page.locator('form').getByRole('alert');
  await refusal.waitFor();
  await expect(refusal.textContent()).resolves.toMatch(/budget|cap/i);
  // Nothing was asked: the message is back in the box, no turn was added.
  expect(await page.getByLabel('Message').inputValue()).toBe('hello again');
  expect(await turns.count()).toBe(2);

  // The cap lifted, the same message goes through and the refusal is gone.
  await expectJson(await manage(owner.token, 'PUT', p('/budget'), {}), 200);
  await page.getByLabel('Message').press('Enter');
  await refusal.waitFor({ state: 'detached' });
  await turns.nth(2).getByTestId('answer-meta').waitFor({ timeout: 45_000 });
  expect(await page.locator('form').getByRole('alert').count()).toBe(0);
}, 60_000);

test('a section still loading shows where its data will be', async () => {
  // The documents' answer is held back until the placeholder has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(`**/manage/projects/${projectId}/knowledge`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${stackInfo().baseUrl}/console/#/projects/${projectId}/knowledge`);
  const placeholder = page.getByRole('status', { name: 'Loading documents' });
  await placeholder.waitFor();
  expect(await placeholder.getAttribute('aria-busy')).toBe('true');
  release();
  await page.getByText('No documents yet').waitFor();
  expect(await placeholder.count()).toBe(0);
  await page.unroute(`**/manage/projects/${projectId}/knowledge`);
}, 60_000);
