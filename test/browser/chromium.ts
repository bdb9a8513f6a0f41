import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const executablePath = '/usr/bin/chromium';

/**
 * Debian's chromium, headless; `launch` gives every run a fresh temporary profile. Flags keep
 * it from phoning home or updating itself during the test.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

const shotsDir = join(process.cwd(), '.askflow', 'screenshots');

/** A screenshot in .askflow/screenshots/, named for the page it shows: the whole page, or (for a dialog over it) what the window shows. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage });
}
