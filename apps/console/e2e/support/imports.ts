import { expect, type Locator, type Page } from '@playwright/test';

/** The campaign page's form for a new lead import. */
export function importForm(page: Page): Locator {
  return page.getByRole('form', { name: 'New lead import' });
}

/** The panel of the import shown on the campaign page (the newest, or the one just started). */
export function importCard(page: Page): Locator {
  return page.getByRole('region', { name: /^Import started / });
}

/** The figure a table of counts (the preview's, an import's) gives in its row named `name`. */
export function count(table: Locator, name: string): Locator {
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name, exact: true }) })
    .getByRole('cell')
    .first();
}

/** Uploads a CSV file from memory through the form's file input; the file's columns then show. */
export async function chooseLeadFile(page: Page, name: string, csv: string): Promise<void> {
  const form = importForm(page);
  await form.getByLabel('A CSV file, or pasted profile URLs').check();
  await form
    .getByLabel('CSV file (drop it here, or choose it)')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(form.getByRole('heading', { name })).toBeVisible();
}

/**
 * Previews the import the form holds, starts it, and waits until it completed; the import's panel
 * is returned to read its counts.
 */
export async function previewAndStart(page: Page): Promise<Locator> {
  await importForm(page).getByRole('button', { name: 'Preview the import' }).click();
  const preview = page.getByRole('region', { name: 'Preview of the import' });
  await preview.getByRole('button', { name: 'Start the import' }).click();
  // Started: from now on the panel shown is this import's (not an earlier one that completed).
  await expect(page.getByRole('status').filter({ hasText: 'The import started' })).toBeVisible();
  const card = importCard(page);
  // The runner reads a page at a time between its campaign passes: on a loaded machine, seconds.
  await expect(card.getByText('Completed', { exact: true })).toBeVisible({ timeout: 60_000 });
  return card;
}
