import { accepted, created, ok } from '../http/route.js';
import { getHookDelivery } from '../operations/hooks/get-hook-delivery.js';
import { listHookDeliveries } from '../operations/hooks/list-hook-deliveries.js';
import { listHooks } from '../operations/hooks/list-hooks.js';
import { performList } from '../operations/hooks/perform-list.js';
import { recoverHookDeliveries } from '../operations/hooks/recover-hook-deliveries.js';
import { retryHookDelivery } from '../operations/hooks/retry-hook-delivery.js';
import { subscribeHook } from '../operations/hooks/subscribe-hook.js';
import { unsubscribeHook } from '../operations/hooks/unsubscribe-hook.js';
import type { Route } from './route-types.js';

export function hookRoutes(route: Route): void {
  route('subscribeHook', 'post', '/hooks/subscribe', async ({ body }, ctx) => {
    const { subscription, created: isNew } = await subscribeHook(ctx, body);
    return isNew ? created(subscription) : ok(subscription);
  });
  route('listHooks', 'get', '/hooks', async ({ query }, ctx) => ok(await listHooks(ctx, query)));
  route('unsubscribeHook', 'delete', '/hooks/unsubscribe', async ({ body }, ctx) =>
    ok(await unsubscribeHook(ctx, body)),
  );
  route('performList', 'get', '/hooks/perform-list', async ({ query }, ctx) =>
    ok(await performList(ctx, query)),
  );
  // The delivery routes come before `/hooks/:id/...`: `deliveries` is never a subscription id
  // (those are `sub_…`), but registering them first makes that irrelevant.
  route('getHookDelivery', 'get', '/hooks/deliveries/:deliveryId', async ({ params }, ctx) =>
    ok(await getHookDelivery(ctx, params.deliveryId)),
  );
  route('retryHookDelivery', 'post', '/hooks/deliveries/:deliveryId/retry', async ({ params }, ctx) =>
    accepted(await retryHookDelivery(ctx, params.deliveryId)),
  );
  route('listHookDeliveries', 'get', '/hooks/:id/deliveries', async ({ params, query }, ctx) =>
    ok(await listHookDeliveries(ctx, params.id, query)),
  );
  route('recoverHookDeliveries', 'post', '/hooks/:id/recover', async ({ params, body }, ctx) =>
    accepted(await recoverHookDeliveries(ctx, params.id, body)),
  );
}
