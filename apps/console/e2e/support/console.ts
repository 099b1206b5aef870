import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import type { StackInfo } from './stack.js';

export function stackInfo(): StackInfo {
  const raw = process.env['CONSOLE_STACK'];
  if (!raw) throw new Error('the stack was not started (global setup)');
  return JSON.parse(raw) as StackInfo;
}

/**
 * The first owner, created by the `people-setup` project (e2e/people-setup.setup.ts) from the
 * setup link the API printed; every other test signs in as them.
 */
export const OWNER = {
  name: 'Olivia Owner',
  email: 'olivia@agency.example',
  password: 'copper lantern meadow 7',
  agency: 'Owner & Co',
} as const;

/** A page of the demo workspace (`''` its campaigns, `'inbox'`, `'campaigns/…'`). */
export function workspaceUrl(path = ''): string {
  const { consoleUrl, workspaceId } = stackInfo();
  return `${consoleUrl}w/${workspaceId}/${path}`;
}

/** Fills the sign-in form shown and waits for the console to name the person. */
export async function signInAs(page: Page, person: { name: string; email: string; password: string }) {
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(userMenu(page, person.name)).toBeVisible();
}

/** Opens a page of the demo workspace and signs in as its owner, by e-mail and password. */
export async function signIn(page: Page, path = ''): Promise<void> {
  await page.goto(workspaceUrl(path));
  await signInAs(page, OWNER);
}

/** The header's menu of the signed-in person (their name opens it). */
export function userMenu(page: Page, name: string = OWNER.name): Locator {
  return page.locator('header .user-menu > summary', { hasText: name });
}

export async function signOut(page: Page, name: string = OWNER.name): Promise<void> {
  await userMenu(page, name).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the outreach console' })).toBeVisible();
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
