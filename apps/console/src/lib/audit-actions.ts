/** The audit log's actions (the contract's `AuditEntry.action`), in words for the filter and the table. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.sign_out': 'Signed out',
  'invitation.sent': 'Invitation sent',
  'invitation.accepted': 'Invitation accepted',
  'invitation.revoked': 'Invitation revoked',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'workspace.ownership_transferred': 'Ownership transferred',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'session.ended': 'Session ended',
  'setup.completed': 'Setup completed',
  'access.denied': 'Refused (403)',
  'campaign.created': 'Campaign created',
  'campaign.started': 'Campaign started',
  'campaign.paused': 'Campaign paused',
  'campaign.deleted': 'Campaign deleted',
  'account.connected': 'Sender connect started',
  'account.limits_changed': 'Sender limits changed',
  'leads.imported': 'Leads imported',
  'leads.removed': 'Leads removed',
  'leads.exported': 'Leads exported',
  'webhook.subscribed': 'Webhook subscribed',
  'webhook.unsubscribed': 'Webhook unsubscribed',
};

/** An action in words; one the console does not know yet is shown as the API names it. */
export function actionLabel(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}
