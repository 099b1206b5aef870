import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi, useCan, useMe } from '../../api/session.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { ActionError, EmptyState, QueryView } from '../../components/states.js';
import { dateTime } from '../../lib/format.js';
import { ASSIGNABLE_ROLES, roleLabel, type WorkspaceRole } from '../../lib/roles.js';
import { InvitationsPanel } from './invitations-panel.js';

type Member = components['schemas']['Member'];

const SOURCE: Record<Member['source'], string> = {
  workspace: 'Added to the workspace',
  agency: "The agency's owner or admin",
};

/** The workspace's people: roles, ownership, removal; pending invitations and the invite form. */
export default function MembersPage() {
  const api = useApi();
  const members = api.useQuery('get', '/v1/members', { params: { query: { limit: 100 } } });
  return (
    <section aria-labelledby="members-heading">
      <h1 id="members-heading">Members</h1>
      <QueryView query={members} what="the members">
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title="Nobody is a member yet." />
          ) : (
            <MembersTable members={page.items} total={page.total} />
          )
        }
      </QueryView>
      <InvitationsPanel />
    </section>
  );
}

function MembersTable({ members, total }: { members: Member[]; total: number }) {
  const api = useApi();
  const me = useMe();
  const isOwner = useCan('workspace:own');
  const queryClient = useQueryClient();
  const [transferTo, setTransferTo] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const onSettled = () => void queryClient.invalidateQueries({ queryKey: ['get', '/v1/members'] });
  const update = api.useMutation('patch', '/v1/members/{userId}', { onSettled });
  const remove = api.useMutation('delete', '/v1/members/{userId}', { onSettled });
  const setRole = (member: Member, role: WorkspaceRole) =>
    update.mutate({ params: { path: { userId: member.userId } }, body: { role } });

  return (
    <>
      <table>
        <caption className="visually-hidden">Members, {total} in all</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Why</th>
            <th scope="col">Since</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const self = member.userId === me.user?.id;
            // The owner's own role is not changed here (ownership moves by transfer), nor one's own.
            const fixed = member.role === 'owner' || self;
            return (
              <tr key={member.userId}>
                <th scope="row">
                  {member.name}
                  {self && ' (you)'}
                </th>
                <td>{member.email}</td>
                <td>
                  {fixed ? (
                    roleLabel(member.role)
                  ) : (
                    <select
                      aria-label={`Role of ${member.name}`}
                      value={member.role}
                      disabled={update.isPending}
                      onChange={(event) => {
                        const role = event.target.value as WorkspaceRole;
                        if (role === 'owner') setTransferTo(member);
                        else setRole(member, role);
                      }}
                    >
                      {ASSIGNABLE_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {roleLabel(role)}
                        </option>
                      ))}
                      {isOwner && <option value="owner">Transfer ownership</option>}
                    </select>
                  )}
                </td>
                <td>{SOURCE[member.source]}</td>
                <td>{dateTime(member.addedAt)}</td>
                <td>
                  {!fixed && member.source === 'workspace' && (
                    <button
                      type="button"
                      className="danger"
                      disabled={remove.isPending}
                      onClick={() => setRemoving(member)}
                    >
                      Remove {member.name}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ActionError error={update.error ?? remove.error} />
      {update.isSuccess && (
        <p role="status" className="state">
          Role changed: it applies from their next request.
        </p>
      )}
      <ConfirmDialog
        open={transferTo !== null}
        title={`Transfer ownership to ${transferTo?.name ?? ''}?`}
        confirmLabel="Transfer ownership"
        onCancel={() => setTransferTo(null)}
        onConfirm={() => {
          if (transferTo) setRole(transferTo, 'owner');
          setTransferTo(null);
        }}
      >
        <p>
          {transferTo?.name} becomes the owner of this workspace and you become an admin. Only the new owner
          can hand it back.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''} from the workspace?`}
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate({ params: { path: { userId: removing.userId } } });
          setRemoving(null);
        }}
      >
        <p>Their next request in this workspace is refused; invite them again to bring them back.</p>
      </ConfirmDialog>
    </>
  );
}
