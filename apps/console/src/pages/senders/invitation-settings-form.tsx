import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi, useCan } from '../../api/session.js';
import { ActionError, QueryView } from '../../components/states.js';

type Settings = components['schemas']['InvitationSettings'];
type SettingKey = keyof Settings;

const LABELS: Record<SettingKey, string> = {
  withdrawAfterDays: 'Withdraw unanswered invitations after (days)',
  outstandingCeiling: 'Most pending invitations per sender',
  minSample: 'Invitations the acceptance guard waits for',
  halveBelow: 'Halve daily invitations under this acceptance (0 to 0.9)',
  stopBelow: 'Stop invitations under this acceptance (0 to 0.9)',
};
const KEYS = Object.keys(LABELS) as SettingKey[];

/** The workspace's invitation hygiene for every sender: shown to all, changed by those allowed. */
export function InvitationSettingsSection() {
  const api = useApi();
  const query = api.useQuery('get', '/v1/workspace/invitation-settings');
  const canConfigure = useCan('workspace:configure');
  return (
    <section aria-labelledby="invitation-settings-heading" className="card">
      <h2 id="invitation-settings-heading">Invitation hygiene, for every sender</h2>
      <QueryView query={query} what="the invitation settings">
        {(settings) => (
          <>
            <ul>
              {KEYS.map((key) => (
                <li key={key}>
                  {LABELS[key]}: <strong>{settings[key].value}</strong>
                  {settings[key].userSetting === null ? ' (default)' : ` (default ${settings[key].default})`}
                </li>
              ))}
            </ul>
            {canConfigure && <EditSettingForm settings={settings} />}
          </>
        )}
      </QueryView>
    </section>
  );
}

function EditSettingForm({ settings }: { settings: Settings }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [key, setKey] = useState<SettingKey>('withdrawAfterDays');
  const [value, setValue] = useState('');
  const update = api.useMutation('patch', '/v1/workspace/invitation-settings', {
    onSuccess: () => setValue(''),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/v1/workspace/invitation-settings'] });
      void queryClient.invalidateQueries({ queryKey: ['get', '/v1/accounts/{accountId}/limits'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ body: { [key]: value === '' ? null : Number(value) } });
  };
  const bounds = settings[key];
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Change an invitation setting">
      <label htmlFor="invitation-setting-key">Setting</label>
      <select
        id="invitation-setting-key"
        value={key}
        onChange={(event) => {
          setKey(event.target.value as SettingKey);
          update.reset();
        }}
      >
        {KEYS.map((k) => (
          <option key={k} value={k}>
            {LABELS[k]}
          </option>
        ))}
      </select>
      <label htmlFor="invitation-setting-value">
        New value ({bounds.min} to {bounds.max}; empty for the default)
      </label>
      <input
        id="invitation-setting-value"
        inputMode="decimal"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" disabled={update.isPending}>
        Save
      </button>
      {update.error && <ActionError error={update.error} />}
    </form>
  );
}
