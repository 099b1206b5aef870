import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import type { StackInfo } from './stack.js';

export function stackInfo(): StackInfo {
  const raw = process.env['CONSOLE_STACK'];
  if (!raw) throw new Error('the stack was not started (global setup)');
  return JSON.parse(raw) as StackInfo;
}

/** Opens a console page and signs in with the demo key, as a person who ran `pnpm start` does. */
export async function signIn(page: Page, path = ''): Promise<void> {
  const { consoleUrl, apiKey } = stackInfo();
  await page.goto(`${consoleUrl}${path}`);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(blocking).toEqual([]);
}

/**
 * A screenshot for the console's README: the window as shown, the whole page (what lies below
 * the fold too), or one part of it.
 */
export async function screenshot(page: Page, name: string, of?: Locator | 'full-page'): Promise<void> {
  const path = new URL(`../../docs/screenshots/${name}.png`, import.meta.url).pathname;
  if (of === undefined || of === 'full-page') await page.screenshot({ path, fullPage: of === 'full-page' });
  else await of.screenshot({ path });
}

/** Calls the v1 API directly (test arrangements only; the flows themselves go through the console). */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const { apiUrl, apiKey } = stackInfo();
  const res = await fetch(`${apiUrl}${path}`, {
    ...init,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
