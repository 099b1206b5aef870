import { AssignableRoleHint, AssignableRoleSelect } from '../../components/role-select.js';
import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/session.js';
import { Badge } from '../../components/badge.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { CopyField } from '../../components/copy-field.js';
import { ActionError, EmptyState, QueryView } from '../../components/states.js';
import { dateTime } from '../../lib/format.js';
import { roleLabel, type AssignableRole } from '../../lib/roles.js';

type ApiKeyInfo = components['schemas']['ApiKeyInfo'];
type CreatedApiKey = components['schemas']['CreatedApiKey'];

/** The end of the chosen day, local time: a key "until 30 June" works through the 30th. */
export function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}

function keyState(key: ApiKeyInfo, now: Date): { label: string; tone: string } {
  if (key.revokedAt) return { label: `Revoked ${dateTime(key.revokedAt)}`, tone: 'bad' };
  if (key.expiresAt && new Date(key.expiresAt) <= now) return { label: 'Expired', tone: 'warn' };
  return { label: 'Active', tone: 'good' };
}

/** Keys for integrations: create (shown once), list, revoke. People sign in; keys are for code. */
export default function ApiKeysPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyInfo | null>(null);
  const keys = api.useQuery('get', '/v1/api-keys', { params: { query: { limit: 100 } } });
  const onSettled = () => void queryClient.invalidateQueries({ queryKey: ['get', '/v1/api-keys'] });
  const revoke = api.useMutation('delete', '/v1/api-keys/{apiKeyId}', { onSettled });
  const now = new Date();
  return (
    <section aria-labelledby="keys-heading">
      <h1 id="keys-heading">API keys</h1>
      <p>
        Keys let an integration (a CRM sync, a script) call the API with a role. People sign in with their
        e-mail instead.
      </p>
      <CreateKeyForm
        onCreated={(key) => {
          setCreated(key);
          onSettled();
        }}
      />
      {created && (
        <div className="state state-warn" role="status" aria-label="New API key">
          <p>
            <strong>Copy the key of “{created.name}” now: it is shown only this once.</strong> Only its hash
            is kept; if it is lost, revoke it and create another.
          </p>
          <CopyField label={`API key ${created.name}`} value={created.key} />
          <button type="button" onClick={() => setCreated(null)}>
            I have copied it
          </button>
        </div>
      )}
      <h2>Keys</h2>
      <ActionError error={revoke.error} />
      <QueryView query={keys} what="the API keys">
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title="No API key yet.">
              <p>Create one above for an integration.</p>
            </EmptyState>
          ) : (
            <table>
              <caption className="visually-hidden">API keys, {page.total} in all</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Starts with</th>
                  <th scope="col">Created by</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Expires</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((key) => {
                  const state = keyState(key, now);
                  return (
                    <tr key={key.id}>
                      <th scope="row">{key.name}</th>
                      <td>{roleLabel(key.role)}</td>
                      <td>
                        <code>{key.prefix}…</code>
                      </td>
                      <td>{key.createdBy?.label ?? '—'}</td>
                      <td>{dateTime(key.createdAt)}</td>
                      <td>{key.lastUsedAt ? dateTime(key.lastUsedAt) : 'Never'}</td>
                      <td>{key.expiresAt ? dateTime(key.expiresAt) : 'Never'}</td>
                      <td>
                        <Badge tone={state.tone}>{state.label}</Badge>
                      </td>
                      <td>
                        {!key.revokedAt && (
                          <button
                            type="button"
                            className="danger"
                            disabled={revoke.isPending}
                            onClick={() => setRevoking(key)}
                          >
                            Revoke {key.name}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )
        }
      </QueryView>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the key ${revoking?.name ?? ''}?`}
        confirmLabel="Revoke"
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate({ params: { path: { apiKeyId: revoking.id } } });
          setRevoking(null);
        }}
      >
        <p>Whatever uses it is refused (401) from its next request on. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const api = useApi();
  const [name, setName] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const [expires, setExpires] = useState('');
  const create = api.useMutation('post', '/v1/api-keys', {
    onSuccess: (key) => {
      onCreated(key);
      setName('');
      setExpires('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      body: { name: name.trim(), role, ...(expires ? { expiresAt: endOfDay(expires) } : {}) },
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-label="Create an API key">
      <div className="field-row">
        <label htmlFor="key-name">Name</label>
        <input
          id="key-name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <AssignableRoleSelect id="key-role" value={role} onChange={setRole} />
        <label htmlFor="key-expires">Expires after (optional)</label>
        <input id="key-expires" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
        <button type="submit" className="primary" disabled={create.isPending}>
          Create key
        </button>
      </div>
      <AssignableRoleHint id="key-role" role={role} />
      <ActionError error={create.error} />
    </form>
  );
}
