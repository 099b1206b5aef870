import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useApi, useCan } from '../../api/session.js';
import { ActionError } from '../../components/states.js';
import { dateTime } from '../../lib/format.js';
import { UsageMeter } from './limit-row.js';

type AccountUsage = components['schemas']['AccountUsage'];
type Guard = AccountUsage['invitations']['acceptanceGuard'];

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)} %`);

/** What the guard does now, in words, with the figures that explain it. */
export function guardSummary(guard: Guard): string {
  const rate = `${guard.accepted} of ${guard.sent} invitations sent 3 to 21 days ago accepted (${percent(guard.rate)})`;
  switch (guard.state) {
    case 'stopped':
      return `Invitations stopped: ${rate}, under ${percent(guard.stopBelow)}. They stay stopped until you lift the stop.`;
    case 'halved':
      return `Daily invitations halved: ${rate}, under ${percent(guard.halveBelow)}.`;
    case 'ok':
      return `Acceptance is healthy: ${rate}.`;
    case 'not_enough_data':
      return `Not judged yet: ${guard.sent} of the ${guard.minSample} invitations needed were sent 3 to 21 days ago.`;
  }
}

/**
 * The account's invitations as a whole: its pending pile against the ceiling, the withdrawal of
 * stale invitations, and the acceptance guard, which a user with the right may lift.
 */
export function InvitationsPanel({ name, usage }: { name: string; usage: AccountUsage }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const canConfigure = useCan('workspace:configure');
  const { pending, withdrawals, acceptanceGuard: guard } = usage.invitations;
  const resume = api.useMutation('post', '/v1/accounts/{accountId}/acceptance-guard/resume', {
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/v1/accounts/{accountId}/limits'] });
    },
  });
  const guarding = guard.state === 'stopped' || guard.state === 'halved';
  return (
    <section aria-label={`Invitations of ${name}`}>
      <h3>Invitations of {name}</h3>
      <p>
        <UsageMeter label={`Pending invitations of ${name}`} used={pending.count} limit={pending.ceiling} />{' '}
        {pending.count} pending of at most {pending.ceiling}
        {pending.ceilingSource === 'workspace_setting' ? ' (your setting)' : ''}
        {pending.atCeiling
          ? ': at the ceiling, no invitation goes out until withdrawals or acceptances bring it down.'
          : `: ${pending.room} more may go out before the next count.`}
        {pending.checkedAt ? ` Counted ${dateTime(pending.checkedAt)}.` : ' Not counted yet.'}
      </p>
      <p>
        Unanswered invitations are withdrawn after {withdrawals.afterDays} days: {withdrawals.usedToday} of{' '}
        {withdrawals.allowance} withdrawals used today.
      </p>
      <p role={guarding ? 'alert' : undefined}>
        Acceptance guard: {guardSummary(guard)}
        {guard.since ? ` Since ${dateTime(guard.since)}.` : ''}
      </p>
      {guarding && canConfigure && (
        <p>
          <button
            type="button"
            disabled={resume.isPending}
            onClick={() => resume.mutate({ params: { path: { accountId: usage.accountId } } })}
          >
            Lift the acceptance guard of {name}
          </button>
        </p>
      )}
      {resume.error && <ActionError error={resume.error} />}
    </section>
  );
}
