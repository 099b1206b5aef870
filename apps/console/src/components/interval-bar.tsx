import { percent } from '../lib/format.js';

/**
 * A response rate with its Wilson interval, drawn on a 0–100% scale: the bar is the interval,
 * the tick the observed rate. Two bars that overlap are not told apart by the data yet.
 */
export function IntervalBar({ rate, lower, upper }: { rate: number; lower: number; upper: number }) {
  const width = 200;
  const x = (value: number) => Math.max(0, Math.min(width, value * width));
  return (
    <svg
      className="interval"
      width={width}
      height={16}
      viewBox={`0 0 ${width} 16`}
      role="img"
      aria-label={`${percent(rate)}, 95% interval ${percent(lower)} to ${percent(upper)}`}
    >
      <rect x={0} y={7} width={width} height={2} className="interval-axis" />
      <rect
        x={x(lower)}
        y={3}
        width={Math.max(2, x(upper) - x(lower))}
        height={10}
        rx={3}
        className="interval-range"
      />
      <rect x={x(rate) - 1} y={0} width={3} height={16} className="interval-point" />
    </svg>
  );
}
