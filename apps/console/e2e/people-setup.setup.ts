// The first owner, made in the browser from the setup link the API printed (no account exists on a
// new install): every other test signs in as this owner, so this project runs first.
import { expect, test } from '@playwright/test';
import { expectAccessible, OWNER, stackInfo, userMenu } from './support/console.js';

test('creates the first owner from the printed setup link, and the link works once', async ({ page }) => {
  const { setupUrl, workspaceId } = stackInfo();
  await page.goto(setupUrl);
  await expect(page.getByRole('heading', { name: 'Set up the outreach service' })).toBeVisible();
  await page.getByLabel('Your name').fill(OWNER.name);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await expect(page.getByText('12 characters or more; no other rule')).toBeVisible();
  await page.getByLabel('Agency name').fill(OWNER.agency);
  await expectAccessible(page);

  // The API's own refusal, in its words.
  await page.getByLabel('Password').fill('too short');
  await page.getByRole('button', { name: 'Create the owner' }).click();
  await expect(page.getByRole('alert')).toContainText(/12/);

  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Create the owner' }).click();
  // Into the first workspace (the demo one), signed in.
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/console/w/${workspaceId}/?$`));
  await expect(userMenu(page)).toBeVisible();

  // Setup is done: the page says so and sends to sign-in.
  await page.goto(setupUrl);
  await expect(page.getByText('Setup is done: the first owner has an account.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});
