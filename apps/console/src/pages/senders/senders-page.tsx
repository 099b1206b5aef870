import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi, useCan } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { ActionError, EmptyState, QueryView } from '../../components/states.js';
import { dateTime } from '../../lib/format.js';
import { InvitationSettingsSection } from './invitation-settings-form.js';
import { SenderCard } from './sender-card.js';

/** The workspace's sender accounts, each with an honest status and its limits; connect another. */
export default function SendersPage() {
  const api = useApi();
  const canConfigure = useCan('workspace:configure');
  const query = api.useQuery(
    'get',
    '/v1/accounts',
    { params: { query: { limit: 100 } } },
    { refetchInterval: POLL_MS.senders },
  );
  return (
    <section aria-labelledby="senders-page-heading">
      <h1 id="senders-page-heading">Senders</h1>
      {canConfigure && <ConnectForm />}
      <QueryView query={query} what="the sender accounts">
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title="No sender account yet.">
              <p>Connect a LinkedIn account above: you sign in on the provider's page, never here.</p>
            </EmptyState>
          ) : (
            <div className="cards cards-wide">
              {page.items.map((account) => (
                <SenderCard key={account.id} account={account} />
              ))}
            </div>
          )
        }
      </QueryView>
      <InvitationSettingsSection />
    </section>
  );
}

/** Connects a new account through the provider's hosted sign-in page (the link expires). */
function ConnectForm() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const connect = api.useMutation('post', '/v1/accounts/connect', {
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['get', '/v1/accounts'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const back = window.location.href;
    connect.mutate({ body: { name: name.trim(), successRedirectUrl: back, failureRedirectUrl: back } });
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Connect a sender account">
      <label htmlFor="connect-name">Name of the account to connect</label>
      <input id="connect-name" value={name} required onChange={(event) => setName(event.target.value)} />
      <button type="submit" disabled={connect.isPending || name.trim() === ''}>
        Get a sign-in link
      </button>
      {connect.data && (
        <p role="status">
          <a href={connect.data.url}>Sign in to the account on the provider's page</a> (the link works until{' '}
          {dateTime(connect.data.expiresAt)}).
        </p>
      )}
      <ActionError error={connect.error} />
    </form>
  );
}
