/** Requests of the sequence operations: steps and their variants. */
import { STEP_TYPES } from '@outreach/domain';
import { z } from 'zod';
import { aiToolSelectionList } from './ai-tool.schema.js';
import { hasAnyField, idValue, templateBody } from './common.schema.js';
import { campaignIdAsIdParams } from './campaign.schema.js';
import { REQUEST_LIMITS } from './request-limits.js';

const stepDelay = z.number().int().min(0).max(REQUEST_LIMITS.maxStepDelayDays);

const stepParams = z.strictObject({ id: idValue, stepId: idValue });
const variantParams = z.strictObject({ id: idValue, stepId: idValue, variantId: idValue });

export const addStepParams = campaignIdAsIdParams;
export const addStepBody = z.strictObject({
  // The upper bound (the current number of steps) depends on the campaign: the operation checks it.
  order: z.number().int().min(0),
  type: z.enum(STEP_TYPES),
  delay: stepDelay.default(0),
  stopOnReply: z.boolean().default(true),
  genericBody: templateBody.nullable().default(null),
});

export const updateStepParams = stepParams;
export const updateStepBody = z
  .strictObject({
    delay: stepDelay.optional(),
    genericBody: templateBody.nullable().optional(),
    stopOnReply: z.boolean().optional(),
  })
  .refine(hasAnyField, { message: 'must change at least one of delay, genericBody, stopOnReply' });

export const deleteStepParams = stepParams;

/** The body of this operation is optional: parse `{}` when the request has none. */
export const addVariantParams = stepParams;
export const addVariantBody = z.strictObject({
  body: templateBody.optional(),
  aiTools: aiToolSelectionList.optional(),
});

export const updateVariantParams = variantParams;
export const updateVariantBody = z
  .strictObject({
    body: templateBody.optional(),
    isDisabled: z.boolean().optional(),
    icpDefinitionRaw: z.string().max(REQUEST_LIMITS.templateMaxLength).nullable().optional(),
    aiTools: aiToolSelectionList.optional(),
  })
  .refine(hasAnyField, {
    message: 'must change at least one of body, isDisabled, icpDefinitionRaw, aiTools',
  });

export const deleteVariantParams = variantParams;
