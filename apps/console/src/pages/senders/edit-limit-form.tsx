import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/session.js';
import { ActionError } from '../../components/states.js';
import { LIMIT_KEYS, limitLabel, TIER_NAMES, type LimitKey } from './account-limits.js';

type AccountUsage = components['schemas']['AccountUsage'];

/**
 * Sets one limit of the account: lower freely, raise up to the tier's ceiling. The ceiling is
 * shown but not enforced here: the API decides, and its refusal (naming the ceiling) is shown.
 */
export function EditLimitForm({
  accountId,
  name,
  usage,
}: {
  accountId: string;
  name: string;
  usage: AccountUsage;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [key, setKey] = useState<LimitKey>('invitationsPerDay');
  const [value, setValue] = useState('');
  const update = api.useMutation('patch', '/v1/accounts/{accountId}/limits', {
    onSuccess: () => setValue(''),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/v1/accounts/{accountId}/limits'] });
      void queryClient.invalidateQueries({ queryKey: ['get', '/v1/accounts'] });
    },
  });
  const limit = usage.limits[key];
  const path = { params: { path: { accountId } } };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ ...path, body: { [key]: Number(value) } });
  };
  const ids = `limit-${accountId}`;
  return (
    <form className="inline-form" onSubmit={submit} aria-label={`Change a limit of ${name}`}>
      <label htmlFor={`${ids}-key`}>Limit to change</label>
      <select
        id={`${ids}-key`}
        value={key}
        onChange={(event) => {
          setKey(event.target.value as LimitKey);
          update.reset();
        }}
      >
        {LIMIT_KEYS.map((k) => (
          <option key={k} value={k}>
            {limitLabel(k)}
          </option>
        ))}
      </select>
      <label htmlFor={`${ids}-value`}>New limit</label>
      <input
        id={`${ids}-value`}
        type="number"
        min={0}
        required
        value={value}
        aria-describedby={`${ids}-hint`}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" disabled={update.isPending || value === ''}>
        Set limit
      </button>
      {limit.userSetting !== null && (
        <button
          type="button"
          disabled={update.isPending}
          onClick={() => update.mutate({ ...path, body: { [key]: null } })}
        >
          Back to the default ({limit.tierDefault})
        </button>
      )}
      <p id={`${ids}-hint`} className="hint">
        Now {limit.limit}. Lower it as you like (0 stops it); a {TIER_NAMES[usage.tier]} account may go up to{' '}
        {limit.ceiling}, above which LinkedIn restricts accounts.
      </p>
      {update.isSuccess && <p role="status">Limit saved.</p>}
      <ActionError error={update.error} />
    </form>
  );
}
