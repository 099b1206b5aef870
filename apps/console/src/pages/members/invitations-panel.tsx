import { AssignableRoleHint, AssignableRoleSelect } from '../../components/role-select.js';
import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/session.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { CopyField } from '../../components/copy-field.js';
import { ActionError, EmptyState, QueryView } from '../../components/states.js';
import { dateTime } from '../../lib/format.js';
import { roleLabel, type AssignableRole } from '../../lib/roles.js';

type Invitation = components['schemas']['Invitation'];
type SentInvitation = components['schemas']['SentInvitation'];

/** Pending invitations (resend, revoke) and the invite form; a link not e-mailed is shown to pass on. */
export function InvitationsPanel() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<SentInvitation | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const invitations = api.useQuery('get', '/v1/invitations', { params: { query: { limit: 100 } } });
  const onSettled = () => void queryClient.invalidateQueries({ queryKey: ['get', '/v1/invitations'] });
  const resend = api.useMutation('post', '/v1/invitations/{invitationId}/resend', {
    onSuccess: setSent,
    onSettled,
  });
  const revoke = api.useMutation('delete', '/v1/invitations/{invitationId}', { onSettled });

  return (
    <>
      <section aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite someone</h2>
        <InviteForm onSent={setSent} />
        {sent && <SentLink invitation={sent} />}
      </section>
      <section aria-labelledby="pending-heading">
        <h2 id="pending-heading">Pending invitations</h2>
        <ActionError error={resend.error ?? revoke.error} />
        <QueryView query={invitations} what="the invitations">
          {(page) =>
            page.items.length === 0 ? (
              <EmptyState title="No invitation is waiting." />
            ) : (
              <table>
                <caption className="visually-hidden">Pending invitations, {page.total} in all</caption>
                <thead>
                  <tr>
                    <th scope="col">E-mail</th>
                    <th scope="col">Role</th>
                    <th scope="col">Sent</th>
                    <th scope="col">Valid until</th>
                    <th scope="col">By</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((invitation) => (
                    <tr key={invitation.id}>
                      <th scope="row">{invitation.email}</th>
                      <td>{roleLabel(invitation.role)}</td>
                      <td>{dateTime(invitation.createdAt)}</td>
                      <td>{dateTime(invitation.expiresAt)}</td>
                      <td>{invitation.createdBy.label ?? invitation.createdBy.type}</td>
                      <td className="controls">
                        <button
                          type="button"
                          disabled={resend.isPending}
                          onClick={() => resend.mutate({ params: { path: { invitationId: invitation.id } } })}
                        >
                          Resend to {invitation.email}
                        </button>
                        <button
                          type="button"
                          className="danger"
                          disabled={revoke.isPending}
                          onClick={() => setRevoking(invitation)}
                        >
                          Revoke invitation of {invitation.email}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </QueryView>
      </section>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the invitation of ${revoking?.email ?? ''}?`}
        confirmLabel="Revoke"
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) {
            revoke.mutate({ params: { path: { invitationId: revoking.id } } });
            if (sent?.id === revoking.id) setSent(null);
          }
          setRevoking(null);
        }}
      >
        <p>Its link stops working at once.</p>
      </ConfirmDialog>
    </>
  );
}

function InviteForm({ onSent }: { onSent: (invitation: SentInvitation) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const invite = api.useMutation('post', '/v1/invitations', {
    onSuccess: (invitation) => {
      onSent(invitation);
      setEmail('');
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['get', '/v1/invitations'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ body: { email: email.trim(), role } });
  };
  return (
    <form className="card" onSubmit={submit} aria-label="Invite someone">
      <div className="field-row">
        <label htmlFor="invite-email">E-mail</label>
        <input
          id="invite-email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <AssignableRoleSelect id="invite-role" value={role} onChange={setRole} />
        <button type="submit" className="primary" disabled={invite.isPending}>
          Send invitation
        </button>
      </div>
      <AssignableRoleHint id="invite-role" role={role} />
      <ActionError error={invite.error} />
    </form>
  );
}

function SentLink({ invitation }: { invitation: SentInvitation }) {
  return (
    <div className="state" role="status">
      {invitation.emailSent ? (
        <p>
          Invitation e-mailed to {invitation.email}; the link works once, until{' '}
          {dateTime(invitation.expiresAt)}.
        </p>
      ) : (
        <>
          <p>
            No mail server is configured: send this link to {invitation.email} yourself. It works once, for
            that e-mail only, until {dateTime(invitation.expiresAt)}, and is not shown again.
          </p>
          <CopyField label={`Invitation link for ${invitation.email}`} value={invitation.link} />
        </>
      )}
    </div>
  );
}
