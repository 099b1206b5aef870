// De-risks the campaign editor offering what the API refuses or losing track of a variant: an
// invitation step offers no variant, and a message variant is disabled, enabled and deleted with
// the others keeping one letter each; and someone is kept off one campaign and let back.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './support/console.js';

async function newCampaign(page: Page, name: string): Promise<void> {
  await signIn(page);
  await page.getByLabel('New campaign name').fill(name);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function addStep(page: Page, type: string): Promise<void> {
  await page.getByLabel('Step type').selectOption(type);
  await page.getByLabel('Delay (days after the previous step)').fill('0');
  await page.getByRole('button', { name: 'Add step' }).click();
}

test('offers an invitation step its note but no variant', async ({ page }) => {
  await newCampaign(page, 'Invitation only');
  await addStep(page, 'invitation');
  const step = page.getByRole('region', { name: 'Step 1: Invitation' });
  await expect(step.getByRole('textbox', { name: 'Generic text of step 1 (the note)' })).toBeVisible();
  await expect(step.getByRole('button', { name: /Add a variant/ })).toHaveCount(0);
  await expect(step.getByRole('heading', { name: 'Variants' })).toHaveCount(0);
  await expectAccessible(page);
});

test('disables, enables and deletes a variant, the others keeping their letters', async ({ page }) => {
  await newCampaign(page, 'Variant housekeeping');
  await addStep(page, 'message');
  const step = page.getByRole('region', { name: 'Step 1: Message' });
  await step.getByRole('textbox', { name: 'Variant A of step 1' }).fill('Hi {{firstName}}, first try.');
  await step.getByRole('button', { name: 'Save Variant A of step 1' }).click();
  await expect(step.getByRole('form', { name: 'Variant A of step 1' }).getByRole('status')).toHaveText(
    'Saved.',
  );
  await step.getByRole('button', { name: 'Add a variant to step 1' }).click();
  const variantB = step.getByRole('form', { name: 'Variant B of step 1' });
  await variantB.getByRole('textbox').fill('Hello {{firstName}}, second try.');
  await variantB.getByRole('button', { name: 'Save Variant B of step 1' }).click();
  await expect(variantB.getByRole('status')).toHaveText('Saved.');

  await variantB.getByRole('button', { name: 'Disable Variant B of step 1' }).click();
  await expect(variantB.getByText('Disabled', { exact: true })).toBeVisible();
  // The last enabled variant cannot go: the API says why, beside it.
  const variantA = step.getByRole('form', { name: 'Variant A of step 1' });
  await variantA.getByRole('button', { name: 'Disable Variant A of step 1' }).click();
  await expect(variantA.getByRole('alert')).toContainText(/last enabled variant/i);
  await variantB.getByRole('button', { name: 'Enable Variant B of step 1' }).click();
  await expect(variantB.getByText('Disabled', { exact: true })).toHaveCount(0);

  await variantA.getByRole('button', { name: 'Delete Variant A of step 1' }).click();
  // The second variant is now the first: one variant, lettered A, with its own text.
  await expect(step.getByRole('form', { name: /^Variant / })).toHaveCount(1);
  await expect(step.getByRole('textbox', { name: 'Variant A of step 1' })).toHaveValue(
    'Hello {{firstName}}, second try.',
  );
  await expectAccessible(page);
});

test('keeps someone off one campaign with its block list, and lets them back', async ({ page }) => {
  await newCampaign(page, 'Careful outreach');
  const blocks = page.getByRole('region', { name: 'Campaign block list' });
  await expect(blocks.getByText('Nobody is blocked.')).toBeVisible();
  await blocks.getByLabel(/Block people/).fill('https://www.linkedin.com/in/rival-rita/');
  await blocks.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(blocks.getByRole('row', { name: /rival-rita/ })).toBeVisible();
  await expectAccessible(page);
  await blocks.getByRole('button', { name: 'Unblock rival-rita' }).click();
  await expect(blocks.getByText('Nobody is blocked.')).toBeVisible();
});
