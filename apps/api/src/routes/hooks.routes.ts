import { created, ok } from '../http/route.js';
import { listHooks } from '../operations/hooks/list-hooks.js';
import { performList } from '../operations/hooks/perform-list.js';
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
}
