// De-risks filling a campaign from the console, in Chromium against the real stack: a pasted
// LinkedIn search previewed, started and followed to its end on the progress bar with its report;
// a CSV file (semicolons, a quoted line break, a bad row) read by the API, its mapping edited and
// imported; and the campaign's leads exported as CSV with the file's custom variable. Every step is
// checked with axe.
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, expectAccessible, screenshot, signIn, stackInfo } from './support/console.js';
import { count, importCard, importForm, previewAndStart } from './support/imports.js';

test.describe.configure({ mode: 'serial' });

const CAMPAIGN = 'Imported founders';
// The simulator's people search is named by its keywords; a small one ends in seconds.
const KEYWORDS = 'console import founders';
const SEARCH_TOTAL = 40;

async function sender(name: string): Promise<{ id: string; name: string }> {
  const accounts = await api<{ items: { id: string; name: string }[] }>('/v1/accounts');
  const found = accounts.items.find((account) => account.name === name);
  if (!found) throw new Error(`no demo sender ${name}`);
  // A compressed demo month is about 90 s: the strict simulator may have ended this sender's
  // session already (LinkedIn's sessions last about 30 days). An import needs a usable sender.
  await api(`/v1/accounts/${found.id}/reconnect`, { method: 'POST' });
  return found;
}

async function campaignLeads(): Promise<{ total: number }> {
  const campaigns = await api<{ items: { id: string; name: string }[] }>('/v1/campaigns');
  const campaign = campaigns.items.find((c) => c.name === CAMPAIGN);
  if (!campaign) throw new Error(`no campaign ${CAMPAIGN}`);
  return api<{ total: number }>(`/v1/campaigns/${campaign.id}/leads?limit=1`);
}

async function openCampaign(page: Page): Promise<void> {
  await signIn(page);
  await page.getByRole('link', { name: CAMPAIGN }).click();
  await expect(page.getByRole('heading', { level: 1, name: CAMPAIGN })).toBeVisible();
}

test('imports the people of a pasted LinkedIn search, following the progress bar to the end', async ({
  page,
}) => {
  const res = await fetch(`${stackInfo().sandboxUrl}/_sim/searches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keywords: KEYWORDS, total: SEARCH_TOTAL }),
  });
  expect(res.ok).toBe(true);
  const one = await sender('Demo sender one');

  await signIn(page);
  await page.getByLabel('New campaign name').fill(CAMPAIGN);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: CAMPAIGN })).toBeVisible();
  await expect(page.getByText('No import yet.')).toBeVisible();

  const form = importForm(page);
  await form.getByLabel('A LinkedIn, Sales Navigator or Recruiter search (pasted URL)').check();
  await form
    .getByLabel('Search URL')
    .fill(`https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(KEYWORDS)}`);
  await form.getByLabel('Sender account').selectOption(one.id);
  await form.getByRole('button', { name: 'Preview the import' }).click();

  // The dry run: the whole search, under LinkedIn's cap, and its first page judged.
  const preview = page.getByRole('region', { name: 'Preview of the import' });
  await expect(count(preview, 'In the source')).toHaveText(String(SEARCH_TOTAL));
  await expect(count(preview, 'Can be read')).toHaveText(String(SEARCH_TOTAL));
  await expect(count(preview, "Left out by LinkedIn's cap")).toHaveText('0');
  await expect(preview).toContainText(/would be added/);
  await expect(
    preview.getByRole('table', { name: /^The first (\d+ )?people read$/ }).getByRole('row'),
  ).not.toHaveCount(0);
  await expectAccessible(page);

  await preview.getByRole('button', { name: 'Start the import' }).click();
  const card = importCard(page);
  const bar = card.getByRole('progressbar', { name: 'Progress of the import' });
  await expect(bar).toBeVisible();
  await expect(card.getByText('Completed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveAttribute('aria-valuetext', /^\d+ people read, all there was to read$/);
  // Nobody is dropped silently: everyone read was added or skipped for a reason.
  const read = Number(await count(card, 'Read').textContent());
  const added = Number(await count(card, 'Added').textContent());
  const skipped = Number(await count(card, 'Skipped').textContent());
  expect(read).toBeGreaterThanOrEqual(SEARCH_TOTAL);
  expect(added).toBeGreaterThan(0);
  expect(added + skipped).toBe(read);
  // The added people are the campaign's leads, and the import is listed with its status.
  await expect(page.getByRole('table', { name: `Leads of the campaign, ${added} in all` })).toBeVisible();
  const imports = page.getByRole('table', { name: 'Imports of the campaign' });
  await expect(imports.getByRole('row')).toHaveCount(2);
  await expect(imports.getByRole('row').nth(1)).toContainText('Completed');
  await expectAccessible(page);
  await screenshot(page, 'lead-import', page.getByRole('region', { name: 'Lead imports' }));

  // The report: one line per person read, each added or skipped with its reason.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download the report (CSV)' }).click();
  const report = await readFile((await (await download).path()) ?? '', 'utf8');
  const lines = report
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('position,part,line,publicIdentifier,name,outcome,reason,detail');
  expect(lines).toHaveLength(read + 1);
  expect(lines.filter((line) => line.includes(',added,'))).toHaveLength(added);
});

test('imports a CSV file with semicolons and a quoted line break, its mapping edited', async ({ page }) => {
  const one = await sender('Demo sender one');
  const csv = [
    'LinkedIn URL;Nom complet;Company;E-mail;About;Favourite topic',
    'https://www.linkedin.com/in/file-fiona/;Fiona File;Filing Co;fiona@filing.example;"Keeps records',
    'of everything; twice";archives',
    'https://www.linkedin.com/in/row-rupert/;Rupert Row;Rows Ltd;not-an-email;;spreadsheets',
    'www.linkedin.com/in/semi-colin/;Colin Semi;Delimiters Inc;colin@delim.example;;"quotes ""inside"""',
    '',
  ].join('\r\n');
  const dir = await mkdtemp(join(tmpdir(), 'console-import-'));
  const path = join(dir, 'fair-visitors.csv');
  await writeFile(path, csv, 'utf8');

  const before = (await campaignLeads()).total;
  await openCampaign(page);
  const form = importForm(page);
  await form.getByLabel('A CSV file, or pasted profile URLs').check();
  await form.getByLabel('Sender account').selectOption(one.id);
  await form.getByLabel('CSV file (drop it here, or choose it)').setInputFiles(path);

  // The API read the file: three rows (the first over two lines), separated by semicolons.
  await expect(form.getByRole('heading', { name: 'fair-visitors.csv' })).toBeVisible();
  await expect(form.getByText(/^3 rows, 6 columns, separated by semicolons/)).toBeVisible();
  const firstRows = form.getByRole('table', { name: 'First rows of fair-visitors.csv' });
  await expect(firstRows.getByRole('row')).toHaveCount(4);
  await expect(firstRows.getByRole('cell', { name: 'Keeps records of everything; twice' })).toBeVisible();
  await expect(firstRows.getByRole('cell', { name: 'quotes "inside"' })).toBeVisible();
  // Rupert's e-mail is no e-mail: his row starts on line 4, after Fiona's two lines.
  await expect(form.getByRole('list', { name: 'Rows that cannot become leads' })).toContainText(
    /^Line 4: .*E-mail/,
  );

  // The mapping starts from the API's suggestion, and is edited here.
  const becomes = (column: string) => form.getByLabel(`Column ${column} becomes`);
  await expect(becomes('LinkedIn URL')).toHaveValue('profileUrl');
  await expect(becomes('Nom complet')).toHaveValue('fullName');
  await expect(becomes('Favourite topic')).toHaveValue('custom');
  await expectAccessible(page);
  await screenshot(page, 'lead-file', form);

  // Without a profile URL column nobody can be identified: the form says so and sends nothing.
  await becomes('LinkedIn URL').selectOption('skip');
  await expect(form.getByRole('list', { name: 'Before the import can start' })).toContainText(
    'Choose the column that holds the profile URL or the public identifier.',
  );
  await form.getByRole('button', { name: 'Preview the import' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Choose the column that holds the profile URL or the public identifier.',
  );
  await becomes('LinkedIn URL').selectOption('profileUrl');
  await form.getByLabel('Variable name of column Favourite topic').fill('topic');
  await becomes('About').selectOption('skip');

  const card = await previewAndStart(page);
  await expect(count(card, 'Read')).toHaveText('3');
  await expect(count(card, 'Added')).toHaveText('2');
  await expect(card.getByRole('list', { name: 'Skipped, by reason' })).toHaveText(
    '1 not a lead (no public identifier, or a row that is no lead)',
  );
  // Both joined the search's people (the export below finds them by name).
  await expect(
    page.getByRole('table', { name: `Leads of the campaign, ${before + 2} in all` }),
  ).toBeVisible();
  await expectAccessible(page);
});

test("is told what LinkedIn's cap leaves out of a large search, and previews it split by location", async ({
  page,
}) => {
  const keywords = 'console split founders';
  const res = await fetch(`${stackInfo().sandboxUrl}/_sim/searches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keywords, total: 3000 }),
  });
  expect(res.ok).toBe(true);
  const one = await sender('Demo sender one');
  await openCampaign(page);
  const form = importForm(page);
  await form.getByLabel('A search by keywords (can be split past LinkedIn’s cap)').check();
  await form.getByLabel('Sender account').selectOption(one.id);
  await form.getByLabel('Keywords', { exact: true }).fill(keywords);
  await form.getByRole('button', { name: 'Preview the import' }).click();

  // A classic search shows 1,000 results at most: the rest is left out, and the page says so.
  const preview = page.getByRole('region', { name: 'Preview of the import' });
  await expect(count(preview, 'In the source')).toHaveText('3000');
  await expect(count(preview, 'Can be read')).toHaveText('1000');
  await expect(count(preview, "Left out by LinkedIn's cap")).toHaveText('2000');
  await expect(preview).toContainText('2000 of 3000 people are left out');

  // Split by two locations (looked up through the sender): each part is a search under the cap.
  await preview.getByLabel('Split by').selectOption('location');
  await preview.getByLabel('Location named like').fill('an');
  await preview.getByRole('button', { name: 'Look up' }).click();
  await preview.getByLabel('Paris, France').check();
  await preview.getByLabel('Berlin, Germany').check();
  await preview.getByRole('button', { name: 'Preview with this split' }).click();
  const parts = page.getByRole('table', { name: 'Parts of the split search' });
  await expect(parts.getByRole('row')).toHaveCount(3);
  await expect(parts.getByRole('rowheader', { name: /^Paris, France/ })).toBeVisible();
  await expect(parts.getByRole('rowheader', { name: /^Berlin, Germany/ })).toBeVisible();
  for (const row of await parts.getByRole('row').all()) {
    const cells = row.getByRole('cell');
    if ((await cells.count()) === 0) continue;
    const total = Number(await cells.nth(0).textContent());
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(1000);
    await expect(cells.nth(1)).toHaveText(String(total));
  }
  await expect(page.getByRole('region', { name: 'Preview of the import' })).toContainText(
    'Split by location.',
  );
  await expectAccessible(page);
  await screenshot(page, 'lead-import-preview', page.getByRole('region', { name: 'Preview of the import' }));
});

test("exports the campaign's leads as CSV, with the file's custom variable", async ({ page }) => {
  await openCampaign(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export leads (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^imported-founders-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  const [header = '', ...rows] = text.trimEnd().split('\r\n');
  expect(header).toMatch(
    /^leadId,publicIdentifier,profileUrl,firstName,lastName,name,email,companyName,headline,status,internalStatus,currentStep,senderAccountId,senderAccountName,invitedAt,acceptedAt,repliedAt,tags,/,
  );
  expect(header.split(',')).toContain('custom.topic');
  const columns = header.split(',');
  // Fiona's cells hold no comma: her row splits as the header does.
  const fiona = rows.find((row) => row.includes(',file-fiona,'))?.split(',') ?? [];
  expect(fiona[columns.indexOf('firstName')]).toBe('Fiona');
  expect(fiona[columns.indexOf('lastName')]).toBe('File');
  expect(fiona[columns.indexOf('email')]).toBe('fiona@filing.example');
  expect(fiona[columns.indexOf('custom.topic')]).toBe('archives');
  // Every lead of the campaign is in it: the search's and the file's.
  expect(rows).toHaveLength((await campaignLeads()).total);
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded' })).toContainText(
    file.suggestedFilename(),
  );
  await expectAccessible(page);
});
