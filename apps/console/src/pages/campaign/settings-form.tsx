import type { components } from '@outreach/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi, useCan } from '../../api/session.js';
import { ActionError } from '../../components/states.js';
import { invalidateCampaign } from './invalidate.js';

type Campaign = components['schemas']['CampaignDetail'];
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** When the campaign may act: its time zone, working hours and days (ISO: 1 is Monday). */
export function SettingsForm({ campaign }: { campaign: Campaign }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { timezone, workingHours } = campaign.settings;
  const [zone, setZone] = useState(timezone);
  const [start, setStart] = useState(workingHours.start);
  const [end, setEnd] = useState(workingHours.end);
  const [days, setDays] = useState<number[]>(workingHours.days);
  const update = api.useMutation('patch', '/v1/campaigns/{id}', {
    onSettled: () => invalidateCampaign(queryClient),
  });
  if (!useCan('campaigns:write'))
    return (
      <section aria-labelledby="settings-heading">
        <h2 id="settings-heading">Working hours</h2>
        <p>
          {workingHours.start} to {workingHours.end} ({timezone}), on{' '}
          {workingHours.days.map((day) => DAYS[day - 1]).join(', ')}.
        </p>
      </section>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      params: { path: { id: campaign.id } },
      body: { settings: { timezone: zone, workingHours: { start, end, days: [...days].sort() } } },
    });
  };
  return (
    <section aria-labelledby="settings-heading">
      <h2 id="settings-heading">Working hours</h2>
      <form className="card" onSubmit={submit}>
        <div className="field-row">
          <label htmlFor="tz">Time zone</label>
          <input id="tz" value={zone} onChange={(event) => setZone(event.target.value)} />
          <label htmlFor="wh-start">Working hours from</label>
          <input id="wh-start" type="time" value={start} onChange={(event) => setStart(event.target.value)} />
          <label htmlFor="wh-end">Working hours to</label>
          <input id="wh-end" type="time" value={end} onChange={(event) => setEnd(event.target.value)} />
        </div>
        <fieldset>
          <legend>Days</legend>
          {DAYS.map((day, index) => (
            <span key={day} className="check-row">
              <input
                id={`day-${index + 1}`}
                type="checkbox"
                checked={days.includes(index + 1)}
                onChange={(event) =>
                  setDays((now) =>
                    event.target.checked ? [...now, index + 1] : now.filter((d) => d !== index + 1),
                  )
                }
              />
              <label htmlFor={`day-${index + 1}`}>{day}</label>
            </span>
          ))}
        </fieldset>
        <button type="submit" disabled={update.isPending}>
          Save working hours
        </button>
        {update.isSuccess && <span role="status"> Saved.</span>}
        <ActionError error={update.error} />
      </form>
    </section>
  );
}
