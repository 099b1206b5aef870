import type { components } from '@outreach/client';

type Day = components['schemas']['DailyAnalytics'];
const SERIES = [
  { key: 'invitationsSent', label: 'Invitations sent' },
  { key: 'invitationsAccepted', label: 'Accepted' },
  { key: 'messagesSent', label: 'Messages sent' },
  { key: 'replies', label: 'Replies' },
] as const;

/**
 * The per-day series as grouped bars in plain SVG (no chart library: a few rectangles cost less
 * than one). The table below it carries the same numbers for screen readers.
 */
export function DailyChart({ days }: { days: Day[] }) {
  const height = 160;
  const group = 4 * 6 + 6;
  const width = Math.max(group * days.length, 200);
  const max = Math.max(1, ...days.flatMap((day) => SERIES.map((s) => day[s.key])));
  return (
    <figure className="chart">
      <svg
        width="100%"
        height={height + 4}
        viewBox={`0 0 ${width} ${height + 4}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        {days.map((day, i) =>
          SERIES.map((series, j) => {
            const h = (day[series.key] / max) * height;
            return (
              <rect
                key={`${day.date}-${series.key}`}
                x={i * group + j * 6}
                y={height - h}
                width={5}
                height={h}
                className={`series-${j}`}
              />
            );
          }),
        )}
      </svg>
      <figcaption>
        {SERIES.map((series, j) => (
          <span key={series.key} className="legend">
            <span className={`legend-swatch series-${j}`} aria-hidden="true" /> {series.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

export { SERIES };
