import { isOutreachApiError } from '@outreach/client';

export interface ErrorDescription {
  /** What went wrong, in the API's own words when it gave them. */
  message: string;
  /** What the person can do about it. */
  hint: string;
}

/** What to do about each refusal the console can meet, by the API's stable error code. */
const HINTS: Record<string, string> = {
  no_connected_sender: 'Assign at least one connected sender to the campaign, then start it again.',
  no_leads: 'Import at least one lead, then start the campaign again.',
  campaign_not_active: 'Only an active campaign can be paused.',
  campaign_not_startable: 'Only a draft or paused campaign can be started; reload to see its status.',
  campaign_completed: 'The campaign has completed: there is nothing left to run.',
  last_enabled_variant: 'A step needs one enabled variant: enable or add another one first.',
  step_has_no_variants: 'This step type sends no text, so it has no variants.',
  account_not_usable: 'Reconnect the sender on the Senders page, then assign it again.',
  plan_required: "The workspace's plan does not include this.",
  delivery_in_flight: 'The delivery is being sent right now: retry once it has settled.',
  subscription_removed: 'The subscription was removed, so nothing can be sent.',
  network_unavailable: 'The network provider did not answer: try again in a moment.',
  search_budget_spent:
    "The sender's search results for today are spent: preview again tomorrow, or choose another sender.",
  account_tier_required: 'Choose a sender with the LinkedIn product this source needs.',
  invalid_lead_source:
    'Paste a LinkedIn people search (or a post, for its engagers) as its address bar shows it.',
  lead_file_not_found: 'Files are kept 7 days: upload the file again.',
  invalid_csv: 'Export the sheet as CSV (commas, semicolons or tabs) and upload that file.',
  too_many_rows: 'Split the file into files of at most 100,000 rows and import each.',
  payload_too_large: 'Split the file into smaller files and import each.',
  provider_not_configured: 'No LinkedIn provider is configured for this service: ask whoever runs it.',
};

function hintForStatus(status: number): string {
  if (status === 401) return 'Sign in again.';
  if (status === 403) return 'Your role in this workspace, or its plan, does not allow this.';
  if (status === 404) return 'It may have been removed: go back to the list and reload.';
  if (status === 409) return 'The current state forbids it: reload to see the latest state.';
  if (status === 429) return 'Too many requests: wait a minute and retry.';
  if (status >= 500) return 'The service had a problem: retry in a moment.';
  return 'Check what you entered and try again.';
}

/** Turns whatever a request threw into words a person can act on. */
export function describeError(error: unknown): ErrorDescription {
  if (isOutreachApiError(error)) {
    const hint = (error.code && HINTS[error.code]) ?? hintForStatus(error.status);
    return { message: error.message, hint };
  }
  if (error instanceof TypeError)
    return {
      message: 'The service could not be reached.',
      hint: 'Check that it is running and your connection works, then retry.',
    };
  return {
    message: error instanceof Error ? error.message : 'Something went wrong.',
    hint: 'Retry; if it keeps failing, reload the page.',
  };
}
