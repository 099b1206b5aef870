/**
 * The dispatcher's modules as they run in production: built by `tsc` into `dist` (what `pnpm start`
 * runs), not transpiled on the fly by the loader the benchmark itself runs under, which names every
 * function it creates at run time (a tenth of the dispatcher's thread, measured). `pnpm bench`
 * builds them first. Typed by their sources, so type checks need no build.
 */
import type * as Adapter from '../src/adapters/db-dispatch-store.adapter.js';
import type * as HttpSenderModule from '../src/delivery/http-sender.js';
import type * as SignWebhook from '../src/delivery/sign-webhook.js';
import type * as WebhookEnvelope from '../src/delivery/webhook-envelope.js';
import type * as DispatcherModule from '../src/dispatch/dispatcher.js';

async function built<T>(path: string): Promise<T> {
  const url = new URL(`../dist/${path}`, import.meta.url);
  try {
    return (await import(url.href)) as T;
  } catch (err) {
    throw new Error(`the dispatcher is not built (${url.pathname}): run pnpm build first`, { cause: err });
  }
}

export const { Dispatcher } = await built<typeof DispatcherModule>('dispatch/dispatcher.js');
export const { DEFAULT_TIMEOUT_MS, HttpSender, USER_AGENT } =
  await built<typeof HttpSenderModule>('delivery/http-sender.js');
export const { signWebhook } = await built<typeof SignWebhook>('delivery/sign-webhook.js');
export const { envelopeBody } = await built<typeof WebhookEnvelope>('delivery/webhook-envelope.js');
export const { DbDispatchStore } = await built<typeof Adapter>('adapters/db-dispatch-store.adapter.js');
