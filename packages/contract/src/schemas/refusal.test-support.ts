/** Shared by the bad-input tests (test support: excluded from the build). */
import { expect, it } from 'vitest';
import type { z } from 'zod';
import { formatZodError } from '../validation-message.js';

export interface RefusalCase {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly input: unknown;
  /** Text the message must contain: the field at fault. */
  readonly field: string;
}

/** The input is refused and the message names the field. */
export function expectRefusal({ schema, input, field }: RefusalCase): void {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  expect(formatZodError(result.error as z.ZodError)).toContain(field);
}

/**
 * One test per case, titled `title` (`$name` stands for the case's name): each input is refused
 * and the message names the field.
 */
export function itRefusesEach(cases: RefusalCase[], title = 'refuses $name'): void {
  it.each<RefusalCase>(cases)(title, expectRefusal);
}

export const text = (length: number): string => 'x'.repeat(length);

export const ids = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `led_${String(index).padStart(24, '0')}`);

export const leads = (count: number): { publicIdentifier: string }[] =>
  ids(count).map((id) => ({ publicIdentifier: id }));
