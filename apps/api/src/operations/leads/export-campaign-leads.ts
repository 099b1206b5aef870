import { pipeline, Readable } from 'node:stream';
import type { Lead } from '@outreach/db';
import { stringify } from 'csv-stringify';
import { streamed, type StreamReply } from '../../http/route.js';
import { requireCampaign, type OperationContext } from '../context.js';

/** The columns every export has, before one `custom.<name>` column per custom variable name. */
export const EXPORT_COLUMNS = [
  'leadId',
  'publicIdentifier',
  'profileUrl',
  'firstName',
  'lastName',
  'name',
  'email',
  'companyName',
  'headline',
  'status',
  'internalStatus',
  'currentStep',
  'senderAccountId',
  'senderAccountName',
  'invitedAt',
  'acceptedAt',
  'repliedAt',
  'tags',
] as const;

/**
 * A campaign's leads as CSV, written as they are read: a page of leads, the names of the senders
 * not met before and the page's last replies, then the page's rows, then the next page. Memory
 * holds a page and the workspace's sender names, whatever the campaign's size. The campaign is
 * checked before anything is sent, so a campaign of another workspace is a 404 like any other.
 */
export async function exportCampaignLeads(ctx: OperationContext, campaignId: string): Promise<StreamReply> {
  const campaign = await requireCampaign(ctx, campaignId);
  const variables = await ctx.db.leadExports.customVariableNames(ctx.workspaceId, campaignId);
  const csv = stringify({
    header: true,
    columns: [...EXPORT_COLUMNS, ...variables.map((name) => `custom.${name}`)],
    // RFC 4180: CRLF between records, and a cell holding a line break quoted like one holding a
    // comma or a quote (csv-stringify leaves that off once the record delimiter is set).
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    // A name such as `=HYPERLINK(…)` is shown as text by spreadsheets, never run as a formula.
    escape_formulas: true,
    // Spreadsheets read the file as UTF-8 (accents in names) only with a byte order mark.
    bom: true,
  });
  // A read that fails half-way destroys the CSV stream with its error (the route then cuts the
  // answer); a caller that hangs up ends the reads.
  const body = pipeline(Readable.from(exportRows(ctx, campaignId, variables)), csv, () => undefined);
  const date = ctx.productClock().toISOString().slice(0, 10);
  return streamed(body, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileStem(campaign.name)}-leads-${date}.csv"`,
  });
}

async function* exportRows(
  ctx: OperationContext,
  campaignId: string,
  variables: readonly string[],
): AsyncGenerator<string[]> {
  const senders = new Map<string, string>();
  let after: string | null = null;
  for (;;) {
    const page: Lead[] = await ctx.db.leadExports.page(ctx.workspaceId, campaignId, after);
    const last = page.at(-1);
    if (last === undefined) return;
    const unknown = [...new Set(page.flatMap((lead) => (lead.accountId ? [lead.accountId] : [])))].filter(
      (id) => !senders.has(id),
    );
    const [accounts, replies] = await Promise.all([
      ctx.db.senderAccounts.getMany(ctx.workspaceId, unknown),
      ctx.db.leadExports.lastRepliedAt(
        ctx.workspaceId,
        page.map((lead) => lead.id),
      ),
    ]);
    for (const account of accounts) senders.set(account.id, account.name);
    for (const lead of page) yield rowOf(lead, senders, replies.get(lead.id) ?? null, variables);
    after = last.id;
  }
}

function rowOf(
  lead: Lead,
  senders: ReadonlyMap<string, string>,
  repliedAt: Date | null,
  variables: readonly string[],
): string[] {
  return [
    lead.id,
    lead.publicIdentifier,
    lead.networkUrl ?? '',
    lead.firstName ?? '',
    lead.lastName ?? '',
    lead.name ?? '',
    lead.email ?? '',
    lead.companyName ?? '',
    lead.headline ?? '',
    lead.status,
    lead.internalStatus,
    String(lead.currentStep),
    lead.accountId ?? '',
    lead.accountId ? (senders.get(lead.accountId) ?? '') : '',
    iso(lead.invitationSentAt),
    iso(lead.invitationAcceptedAt ?? null),
    iso(repliedAt),
    lead.tags.join(';'),
    ...variables.map((name) => lead.customVariables[name] ?? ''),
  ];
}

function iso(date: Date | null): string {
  return date === null ? '' : date.toISOString();
}

/** The campaign's name as a file name: letters, digits, `-` and `_`, lower case, at most 60. */
function fileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem === '' ? 'campaign' : stem;
}
