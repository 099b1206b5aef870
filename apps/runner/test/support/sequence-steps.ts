import { newId, type StepInput } from '@outreach/db';

/**
 * A step as stored, with fresh ids; message and screener steps get the given variant bodies
 * (enabled, in rotation order, for everyone). Shared by the integration tests and the benchmark.
 */
export function step(
  type: StepInput['type'],
  options: Partial<StepInput> & { bodies?: string[] } = {},
): StepInput {
  const { bodies, ...rest } = options;
  const variants = (bodies ?? []).map((body, order) => ({
    id: newId('variant'),
    body,
    order,
    isDisabled: false,
    icpDefinitionRaw: null,
    aiTools: [],
  }));
  return { id: newId('step'), type, delay: 0, stopOnReply: false, genericBody: null, variants, ...rest };
}
