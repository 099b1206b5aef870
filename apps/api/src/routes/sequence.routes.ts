import { created, ok } from '../http/route.js';
import { addStep } from '../operations/sequence/add-step.js';
import { addVariant } from '../operations/sequence/add-variant.js';
import { deleteStep } from '../operations/sequence/delete-step.js';
import { deleteVariant } from '../operations/sequence/delete-variant.js';
import { updateStep } from '../operations/sequence/update-step.js';
import { updateVariant } from '../operations/sequence/update-variant.js';
import type { Route } from './route-types.js';

export function sequenceRoutes(route: Route): void {
  route('addStep', 'post', '/campaigns/:id/steps', async ({ params, body }, ctx) =>
    created(await addStep(ctx, params.id, body)),
  );
  route('updateStep', 'put', '/campaigns/:id/steps/:stepId', async ({ params, body }, ctx) =>
    ok(await updateStep(ctx, params.id, params.stepId, body)),
  );
  route('deleteStep', 'delete', '/campaigns/:id/steps/:stepId', async ({ params }, ctx) =>
    ok(await deleteStep(ctx, params.id, params.stepId)),
  );
  route('addVariant', 'post', '/campaigns/:id/steps/:stepId/variants', async ({ params, body }, ctx) =>
    created(await addVariant(ctx, { campaignId: params.id, stepId: params.stepId }, body)),
  );
  route(
    'updateVariant',
    'put',
    '/campaigns/:id/steps/:stepId/variants/:variantId',
    async ({ params, body }, ctx) =>
      ok(
        await updateVariant(
          ctx,
          { campaignId: params.id, stepId: params.stepId, variantId: params.variantId },
          body,
        ),
      ),
  );
  route(
    'deleteVariant',
    'delete',
    '/campaigns/:id/steps/:stepId/variants/:variantId',
    async ({ params }, ctx) =>
      ok(
        await deleteVariant(ctx, {
          campaignId: params.id,
          stepId: params.stepId,
          variantId: params.variantId,
        }),
      ),
  );
}
