// De-risks what an operator sees when the API fails them: a read that failed says so with a Retry
// that works, and a session ended in the middle of work returns to sign-in with the reason.
import { expect, test } from '@playwright/test';
import { expectAccessible, OWNER, signIn, signInAs, userMenu } from './support/console.js';

test('says the sender list could not load, and loads it on Retry', async ({ page }) => {
  // Signed in on a page that does not read the sender list (the campaigns page does, and the
  // list it read would still be fresh), so the Analytics page is the first to ask for it.
  await signIn(page, 'block-list');
  // The sender list fails (HTTP 500) until Retry is pressed: the automatic retries fail too.
  let failing = true;
  await page.route(
    (url) => url.pathname === '/v1/accounts',
    (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 500, message: 'Internal server error' }),
          })
        : route.fallback(),
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  const problem = page.getByRole('alert').filter({ hasText: 'Could not load the sender list' });
  await expect(problem).toContainText('The service had a problem: retry in a moment.');
  await expect(page.getByLabel('Sender').getByRole('option')).toHaveCount(1);
  await expectAccessible(page);

  failing = false;
  await problem.getByRole('button', { name: 'Retry' }).click();
  await expect(problem).toHaveCount(0);
  await expect(page.getByLabel('Sender').getByRole('option', { name: 'Demo sender one' })).toBeAttached();
});

test('returns to sign-in with the reason when the API ends the session mid-way', async ({ page }) => {
  await signIn(page, 'senders');
  await expect(page.getByRole('article', { name: 'Demo sender one' })).toBeVisible();
  // The session ends elsewhere (signed out, expired, access changed): the next call answers 401.
  await page.route(
    '**/v1/**',
    (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 401, message: 'not signed in', code: 'unauthorized' }),
      }),
    { times: 1 },
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Your session ended (signed out elsewhere, expired, or your access changed). Sign in again.',
  );
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(userMenu(page)).toHaveCount(0);
  await expectAccessible(page);
  // Signing in again opens the page that was asked for, read afresh.
  await signInAs(page, OWNER);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
});
