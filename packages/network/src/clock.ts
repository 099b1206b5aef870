/**
 * The clock port. The runner and the sandbox read time only through a `Clock`, so tests move time
 * by hand and demos compress days into seconds while both sides agree on "now".
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export interface ManualClock extends Clock {
  /** Moves time forward (or back, with a negative value) and returns the new time. */
  advance(ms: number): Date;
  set(date: Date | number | string): void;
}

export function createManualClock(start: Date | number | string = Date.now()): ManualClock {
  let now = toMillis(start);
  const clock = (() => new Date(now)) as ManualClock;
  clock.advance = (ms: number) => {
    now += ms;
    return new Date(now);
  };
  clock.set = (date: Date | number | string) => {
    now = toMillis(date);
  };
  return clock;
}

export interface ScaledClockOptions {
  /** How many times faster than real time: a day lasts `86400 / scale` real seconds. */
  scale: number;
  /**
   * The real instant at which the scaled time equals real time. Two processes given the same
   * epoch and scale read the same time whenever they started; without it, the epoch is the
   * moment the clock is created.
   */
  epoch?: Date | number | string;
  /** Source of real time, in ms (tests replace it). */
  realNow?: () => number;
}

export function createScaledClock(options: ScaledClockOptions): Clock {
  if (!(options.scale > 0) || !Number.isFinite(options.scale)) {
    throw new RangeError(`clock scale must be a positive number, got ${options.scale}`);
  }
  const realNow = options.realNow ?? Date.now;
  const epoch = options.epoch === undefined ? realNow() : toMillis(options.epoch);
  const { scale } = options;
  return () => new Date(epoch + (realNow() - epoch) * scale);
}

/**
 * The clock of a process given a time scale and an optional epoch (the `TIME_SCALE` and
 * `CLOCK_EPOCH` settings of every process of a demo): real time at scale 1, a scaled clock
 * otherwise, so processes given the same two values agree on "now".
 */
export function clockForTimeScale(scale: number, epoch?: Date | number | string): Clock {
  if (scale === 1) return systemClock;
  return createScaledClock({ scale, ...(epoch === undefined ? {} : { epoch }) });
}

function toMillis(value: Date | number | string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`invalid date: ${String(value)}`);
  return ms;
}
