/** One sample of a Prometheus text exposition. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the text format (version 0.0.4) into samples; comments and blank lines are skipped. */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line.trim());
    if (match === null) throw new Error(`not an exposition line: ${line}`);
    const [, name = '', rawLabels = '', rawValue = ''] = match;
    const labels: Record<string, string> = {};
    for (const [, key = '', value = ''] of rawLabels.matchAll(LABEL)) {
      labels[key] = value.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    samples.push({ name, labels, value: Number(rawValue) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter((sample) => sample.name === name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

/**
 * What makes a label value look like an identifier: the service's ids (a prefix and 24 hex digits,
 * `ws_…`, `cmp_…`) and other hex runs, UUIDs, long digit runs and long base64-like tokens (keys,
 * idempotency keys), raw paths included. Metric labels must never carry them: each distinct id
 * would make a new series.
 */
const ID_LIKE = [
  /[0-9a-f]{16,}/i,
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
  /\d{5,}/,
  /[A-Za-z0-9+_-]{24,}/,
];

/** Whether a label value looks like an identifier (see `ID_LIKE`). */
export function looksLikeId(value: string): boolean {
  return ID_LIKE.some((pattern) => pattern.test(value));
}

/**
 * Checks every sample of the app's own metrics (those whose name starts with one of `prefixes`)
 * against an allow-list of label names and an id test of their values; returns one line per
 * offence, so a test can show them all at once.
 */
export function labelOffences(
  samples: readonly Sample[],
  options: { prefixes: readonly string[]; allowedLabels: readonly string[] },
): string[] {
  const allowed = new Set([...options.allowedLabels, 'le', 'quantile']);
  const offences: string[] = [];
  for (const sample of samples) {
    if (!options.prefixes.some((prefix) => sample.name.startsWith(prefix))) continue;
    for (const [label, value] of Object.entries(sample.labels)) {
      if (!allowed.has(label)) offences.push(`${sample.name}: label ${label} is not on the allow-list`);
      else if (looksLikeId(value)) offences.push(`${sample.name}: ${label}="${value}" looks like an id`);
    }
  }
  return offences;
}
