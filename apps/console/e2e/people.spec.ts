// De-risks people and roles in the browser: the owner invites a member and a client, each joins
// from their link in a browser of their own; the client reads but is offered no change, and the
// API refuses the change made anyway; a removed member loses the workspace at their next request;
// the audit log shows it all; an API key is shown once; a dead reset link says so. Every new page
// is checked with axe.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  api,
  expectAccessible,
  screenshot,
  signIn,
  stackInfo,
  userMenu,
  workspaceUrl,
} from './support/console.js';

test.describe.configure({ mode: 'serial' });

const MEMBER = { name: 'Mia Member', email: 'mia@agency.example', password: 'violet kettle orbit 42' };
const CLIENT = { name: 'Carla Client', email: 'carla@brand.example', password: 'amber harbour quiet 19' };
const CAMPAIGN = 'Seen by the client';

const links = new Map<string, string>();
const contexts: BrowserContext[] = [];
let memberPage: Page;

test.beforeAll(async () => {
  await api('/v1/campaigns', { method: 'POST', body: JSON.stringify({ name: CAMPAIGN }) });
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** A browser of the invitee's own: a new context, no cookie of the owner's. */
async function ownBrowser(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  contexts.push(context);
  return { context, page: await context.newPage() };
}

async function accept(page: Page, person: typeof MEMBER, role: string): Promise<void> {
  const link = links.get(person.email);
  if (!link) throw new Error(`no invitation link for ${person.email}`);
  await page.goto(link);
  const facts = page.locator('dl.facts');
  await expect(facts).toContainText('Demo');
  await expect(facts).toContainText(role);
  await expect(facts).toContainText(person.email);
  await expectAccessible(page);
  await page.getByLabel('Your name').fill(person.name);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(userMenu(page, person.name)).toBeVisible();
}

test('the owner invites a member and a client, and is given the links to pass on', async ({ page }) => {
  await signIn(page, 'members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(page.getByText('No invitation is waiting.')).toBeVisible();
  for (const [person, role] of [
    [MEMBER, 'member'],
    [CLIENT, 'client'],
  ] as const) {
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Role', { exact: true }).selectOption(role);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    // No mail server here: the link is shown to copy.
    const link = page.getByLabel(`Invitation link for ${person.email}`);
    await expect(link).toHaveValue(/\/console\/invitations\?token=/);
    links.set(person.email, await link.inputValue());
    await expect(page.getByRole('row', { name: new RegExp(person.email) })).toBeVisible();
  }
  await expect(page.getByRole('row', { name: /Olivia Owner/ })).toContainText('Owner');
  await expectAccessible(page);
  await screenshot(page, 'members', 'full-page');
});

test('the member and the client join from their links, each in a browser of their own', async ({
  browser,
}) => {
  const member = await ownBrowser(browser);
  memberPage = member.page;
  await accept(memberPage, MEMBER, 'Member');
  // A member runs campaigns, but manages no people.
  await expect(memberPage.getByRole('button', { name: 'Create campaign' })).toBeVisible();
  const memberNav = memberPage.getByRole('navigation', { name: 'Main' });
  await expect(memberNav.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expect(memberNav.getByRole('link', { name: 'Members' })).toHaveCount(0);
  await expect(memberNav.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);

  const client = await ownBrowser(browser);
  await accept(client.page, CLIENT, 'Client');
});

test('the client reads campaigns and analytics, is offered no change, and the API refuses one', async () => {
  const context = contexts[1];
  if (!context) throw new Error('the client did not join');
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(workspaceUrl());
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByRole('link', { name: CAMPAIGN })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create campaign' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const hidden of ['Members', 'API keys', 'Audit log', 'Webhooks'])
    await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);

  await page.getByRole('link', { name: CAMPAIGN }).click();
  await expect(page.getByRole('heading', { level: 1, name: CAMPAIGN })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sequence' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  // The imports section is loaded (none yet), with no form to start one.
  await expect(page.getByText('No import yet.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'New lead import' })).toHaveCount(0);
  for (const control of [
    'Start campaign',
    'Pause campaign',
    'Add step',
    'Preview the import',
    'Export leads (CSV)',
    'Assign senders',
  ])
    await expect(page.getByRole('button', { name: control })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Block', exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await nav.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('term').first()).toBeVisible();

  // The same change sent anyway, with the client's own cookie, from the console's origin: refused.
  const { apiUrl, workspaceId } = stackInfo();
  const refused = await context.request.post(`${apiUrl}/v1/campaigns`, {
    headers: { 'x-workspace-id': workspaceId, origin: apiUrl },
    data: { name: 'Not allowed' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
});

test('the owner removes the member, whose open page is signed out at its next request', async ({ page }) => {
  await signIn(page, 'members');
  const row = page.getByRole('row', { name: new RegExp(MEMBER.email) });
  await expect(row).toContainText('Added to the workspace');
  await row.getByRole('button', { name: `Remove ${MEMBER.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${MEMBER.name} from the workspace?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);

  // The member's page is still open on the campaigns, which it reads again every few seconds: its
  // next request (that refresh, or a navigation) finds the session ended (it was their only
  // workspace), and the page signs out, saying why.
  await expect(
    memberPage.getByRole('heading', { level: 1, name: 'Sign in to the outreach console' }),
  ).toBeVisible();
  await expect(memberPage.getByText(/Your session ended/)).toBeVisible();
  await expect(memberPage.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // And after a reload too.
  await memberPage.reload();
  await expect(
    memberPage.getByRole('heading', { level: 1, name: 'Sign in to the outreach console' }),
  ).toBeVisible();
});

test('the audit log shows the invitations, the acceptances, the removal and the refusal', async ({
  page,
}) => {
  await signIn(page, 'audit-log');
  const entries = page.getByRole('table');
  const rows = (action: string) => entries.getByRole('row').filter({ hasText: action });
  await expect(rows('Invitation sent')).toHaveCount(2);
  await expect(rows('Invitation accepted')).toHaveCount(2);
  await expect(rows('Member removed')).toHaveCount(1);
  await expect(rows('Refused (403)').filter({ hasText: CLIENT.email })).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, 'audit-log');

  // Filtered by action, in the address.
  await page.getByLabel('Action').selectOption('member.removed');
  await expect(page).toHaveURL(/action=member\.removed/);
  await expect(entries.getByRole('row')).toHaveCount(2);
  await expect(rows('Member removed')).toContainText('olivia@agency.example');
  await page.reload();
  await expect(page.getByLabel('Action')).toHaveValue('member.removed');
  await expect(rows('Member removed')).toHaveCount(1);
});

test('the owner creates an API key, sees it once, and revokes it', async ({ page }) => {
  await signIn(page, 'api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await page.getByLabel('Name').fill('CRM sync');
  await page.getByLabel('Role', { exact: true }).selectOption('member');
  await page.getByLabel('Expires after (optional)').fill('2030-06-30');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('status', { name: 'New API key' });
  await expect(shown).toContainText('it is shown only this once');
  const key = await shown.getByLabel('API key CRM sync').inputValue();
  expect(key.length).toBeGreaterThan(20);
  const row = page.getByRole('row', { name: /CRM sync/ });
  await expect(row).toContainText('Member');
  await expect(row).toContainText('Active');
  await expect(row).toContainText(key.slice(0, 6));
  await expectAccessible(page);
  await screenshot(page, 'api-keys', 'full-page');

  // The key works, as a member.
  const me = await fetch(`${stackInfo().apiUrl}/v1/me`, { headers: { 'x-api-key': key } });
  expect(((await me.json()) as { key: { role: string } }).key.role).toBe('member');

  // Once dismissed (or after a reload) it is never shown again.
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(key)).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.locator(`input[value="${key}"]`)).toHaveCount(0);

  await row.getByRole('button', { name: 'Revoke CRM sync' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke the key CRM sync?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(row).toContainText('Revoked');
  const after = await fetch(`${stackInfo().apiUrl}/v1/me`, { headers: { 'x-api-key': key } });
  expect(after.status).toBe(401);
});

test('lists my sessions with this one marked, and ending it signs out', async ({ page }) => {
  await signIn(page);
  await userMenu(page).click();
  await page.getByRole('link', { name: 'My sessions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My sessions' })).toBeVisible();
  const current = page.getByRole('row').filter({ hasText: 'This session' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Chrome on Linux');
  await expectAccessible(page);
  await current.getByRole('button', { name: 'End this session (sign out)' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the outreach console' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You ended this session: you are signed out.');
  await page.reload();
  await expect(page.getByLabel('E-mail')).toBeVisible();
});

test('a reset link that no longer works says so, and two different passwords are caught first', async ({
  page,
}) => {
  await page.goto(`${stackInfo().consoleUrl}reset-password?token=not-a-real-token`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page);
  await page
    .locator('input')
    .and(page.getByLabel('New password', { exact: true }))
    .fill('a long enough new password');
  await page.getByLabel('New password again').fill('another long password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords differ: type the same one twice.');
  await page.getByLabel('New password again').fill('a long enough new password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link no longer works');
});
