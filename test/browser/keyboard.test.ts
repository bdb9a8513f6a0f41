// The console without a mouse: every step here is Tab, typing and Enter.
import type { Browser, Page } from 'playwright-core';
import { stackInfo } from '../stack/context.js';
import { launchChromium } from './chromium.js';
import { newEmail, password } from './fixtures.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
});

/** What a screen reader would announce for the focused element: its label, or its own text. */
function focusedName(p: Page): Promise<string> {
  return p.evaluate(() => {
    const el = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
    if (!el) return '';
    return (el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
  });
}

/** Presses Tab until the focused control is called `name` (at most 40 presses). */
async function tabTo(name: string | RegExp): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const current = await focusedName(page);
    if (typeof name === 'string' ? current === name : name.test(current)) return;
  }
  throw new Error(`could not reach "${String(name)}" with the Tab key`);
}

describe('the console by keyboard alone', () => {
  test('sign up, create a project and open its playground with Tab, typing and Enter', async () => {
    await page.goto(`${stackInfo().baseUrl}/console/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await tabTo(/Sign up/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await tabTo('Email');
    await page.keyboard.type(newEmail('keyboard'));
    await tabTo('Password');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Projects' }).waitFor();

    await tabTo('New project name');
    await page.keyboard.type('Typed project');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Typed project' }).waitFor();

    await tabTo('Playground');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Playground' }).waitFor();
    await tabTo('Message');
    await page.keyboard.type('hello');
    await tabTo('Send');
    await page.keyboard.press('Enter');
    await page.getByText(/Intent:\s*vanilla/).waitFor();
  }, 60_000);
});
