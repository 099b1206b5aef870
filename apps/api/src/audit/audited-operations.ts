import type { AuditFact } from './audit-trail.js';

/**
 * The business changes the audit log records, by operation: each maps the operation's parsed
 * input and its successful answer to what happened. The route helper records them after a 2xx;
 * the people operations (invitations, roles, keys, sessions) record their own, with more detail.
 */
/** Null: nothing happened worth recording (a dry run). */
type Describe = (input: Input, body: Body) => AuditFact | null;
type Input = { params?: Record<string, string>; body?: unknown } | undefined;
type Body = Record<string, unknown>;

const param = (input: Input, name: string): string => input?.params?.[name] ?? '';
const field = (body: Body, name: string): string => (typeof body[name] === 'string' ? body[name] : '');
const count = (body: Body, name: string): number => (typeof body[name] === 'number' ? body[name] : 0);

/** Where a webhook posts, without its path, query or credentials (a URL may carry a secret). */
function hostOf(value: unknown): string {
  try {
    return new URL(String(value)).host;
  } catch {
    return '';
  }
}

export const AUDITED_OPERATIONS: Readonly<Record<string, Describe>> = {
  createCampaign: (_input, body) => ({
    action: 'campaign.created',
    target: { type: 'campaign', id: field(body, 'id') },
    details: { name: field(body, 'name') },
  }),
  startCampaign: (input) => ({
    action: 'campaign.started',
    target: { type: 'campaign', id: param(input, 'campaignId') },
  }),
  pauseCampaign: (input) => ({
    action: 'campaign.paused',
    target: { type: 'campaign', id: param(input, 'campaignId') },
  }),
  createAccount: (_input, body) => ({
    action: 'account.connected',
    target: { type: 'account', id: field(body, 'id') },
  }),
  connectAccount: () => ({ action: 'account.connect_started', target: null }),
  reconnectAccount: (input) => ({
    action: 'account.reconnect_started',
    target: { type: 'account', id: param(input, 'accountId') },
  }),
  updateAccountLimits: (input) => ({
    action: 'account.limits_changed',
    target: { type: 'account', id: param(input, 'accountId') },
    details: { changed: Object.keys((input?.body ?? {}) as object).join(',') },
  }),
  resumeAcceptanceGuard: (input) => ({
    action: 'account.acceptance_guard_lifted',
    target: { type: 'account', id: param(input, 'accountId') },
  }),
  updateInvitationSettings: (input) => ({
    action: 'workspace.invitation_settings_changed',
    target: null,
    details: { changed: Object.keys((input?.body ?? {}) as object).join(',') },
  }),
  addLeads: (input, body) => ({
    action: 'leads.imported',
    target: { type: 'campaign', id: param(input, 'campaignId') },
    details: {
      added: count(body, 'added'),
      duplicates: count(body, 'duplicates'),
      blocked: count(body, 'blocked'),
    },
  }),
  createLeadImport: (input, body) =>
    body['dryRun'] === true
      ? null
      : {
          action: 'lead_import.started',
          target: { type: 'campaign', id: param(input, 'campaignId') },
          details: { importId: field(body, 'id'), accountId: field(body, 'accountId') },
        },
  cancelLeadImport: (input, body) => ({
    action: 'lead_import.cancelled',
    target: { type: 'lead_import', id: param(input, 'importId') },
    details: { status: field(body, 'status') },
  }),
  exportCampaignLeads: (input) => ({
    action: 'leads.exported',
    target: { type: 'campaign', id: param(input, 'campaignId') },
  }),
  removeLeads: (input) => ({
    action: 'leads.removed',
    target: { type: 'campaign', id: param(input, 'campaignId') },
    details: { leads: Array.isArray(input?.body) ? input.body.length : 0 },
  }),
  subscribeHook: (input, body) => {
    const request = (input?.body ?? {}) as Record<string, unknown>;
    return {
      action: 'webhook.subscribed',
      target: { type: 'webhook', id: field(body, 'id') },
      details: { type: String(request['type'] ?? ''), host: hostOf(request['url']) },
    };
  },
  unsubscribeHook: (input) => {
    const request = (input?.body ?? {}) as Record<string, unknown>;
    return {
      action: 'webhook.unsubscribed',
      target: null,
      details: { type: String(request['type'] ?? ''), host: hostOf(request['url']) },
    };
  },
};
