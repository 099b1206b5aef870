export interface LimitFigures {
  /** What is limited, e.g. "Invitations". */
  action: string;
  /** The window, e.g. "today" or "this week". */
  period: string;
  used: number;
  limit: number;
  /** Left in the window; given by the API, else limit − used. */
  left?: number;
  /** Where the limit comes from (documented ceiling, warm-up, the user's own setting), once the API says. */
  source?: string;
}

/**
 * One limit as a table row: used, left and a meter. The one place a limit is drawn, so the
 * per-action limits with their source and the week and month windows the API is gaining are
 * one more row each.
 */
export function LimitRow({ figures }: { figures: LimitFigures }) {
  const { action, period, used, limit } = figures;
  const left = figures.left ?? Math.max(0, limit - used);
  const label = `${action} ${period}`;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        <meter
          min={0}
          max={Math.max(limit, 1)}
          value={used}
          low={limit * 0.7}
          high={limit * 0.9}
          optimum={0}
          aria-label={`${label}: ${used} of ${limit} used`}
        >
          {used} of {limit}
        </meter>
      </td>
      <td>{used}</td>
      <td>{left}</td>
      <td>{limit}</td>
      {figures.source !== undefined && <td>{figures.source}</td>}
    </tr>
  );
}
