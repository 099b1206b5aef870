import type { InvitationSettings } from '@outreach/contract';
import { applyInvitationSettings } from '@outreach/domain';
import type { UpdateInvitationSettingsBody } from '../inputs.js';
import { definedOnly, type OperationContext } from '../context.js';
import { invitationSettingsView } from './invitation-hygiene-view.js';

/** What the workspace set (the access guard let the request in: the workspace is there). */
async function storedSettings(ctx: OperationContext) {
  const workspace = await ctx.db.workspaces.get(ctx.workspaceId);
  return workspace?.invitationSettings ?? {};
}

/** The workspace's invitation hygiene, each setting with its default and bounds. */
export async function getInvitationSettings(ctx: OperationContext): Promise<InvitationSettings> {
  return invitationSettingsView(await storedSettings(ctx));
}

/**
 * Changes some settings (null: back to the default), all checked by the domain first: one value
 * out of bounds refuses the whole change with a 400, and nothing is written.
 */
export async function updateInvitationSettings(
  ctx: OperationContext,
  input: UpdateInvitationSettingsBody,
): Promise<InvitationSettings> {
  const next = applyInvitationSettings(await storedSettings(ctx), definedOnly(input));
  const updated = await ctx.db.workspaces.setInvitationSettings(ctx.workspaceId, next);
  return invitationSettingsView(updated.invitationSettings);
}
