import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { type Clock, systemClock } from '../clock.js';
import { HangTimers } from '../simulation/hang-timers.js';
import type { SandboxSettingsInput } from '../simulation/sandbox-settings.js';
import type { SimCall, SimCallFilter } from './sim-call-log.js';
import { SIM_CONTROL_PREFIX, createSimControlRouter } from './sim-control-routes.js';
import { simErrorHandler } from './sim-http.js';
import { SimHostedAuth } from './sim-hosted-auth.js';
import { SimProblem } from './sim-problem.js';
import { createUnipileApiRouter } from './sim-routes.js';
import {
  type UnipileSimSettings,
  type UnipileSimSettingsInput,
  parseUnipileSimSettings,
} from './sim-settings.js';
import { UnipileSimState } from './sim-state.js';
import { WebhookPusher } from './sim-webhook-pusher.js';

export interface UnipileSimulatorOptions extends SandboxSettingsInput, UnipileSimSettingsInput {
  /** The only source of time; tests pass a manual clock, demos a scaled one. */
  clock?: Clock;
}

export interface RunningUnipileSimulator {
  /** The DSN for `createUnipileNetwork`, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface UnipileSimulator {
  app: Express;
  state: UnipileSimState;
  settings: UnipileSimSettings;
  webhooks: WebhookPusher;
  /** Every call received for an account (reads included), with its time, kind and status. */
  calls(filter?: SimCallFilter): SimCall[];
  /** Applies what is due on the clock and waits for the resulting webhooks (tests call it after moving a manual clock). */
  flush(): Promise<void>;
  listen(port?: number, host?: string): Promise<RunningUnipileSimulator>;
}

/** A simulated Unipile: its v1 wire format, its webhooks, a self-completing hosted auth, and `/_sim` controls. */
export function createUnipileSimulator(options: UnipileSimulatorOptions = {}): UnipileSimulator {
  const { clock = systemClock, ...settingsInput } = options;
  const settings = parseUnipileSimSettings(settingsInput);
  // The drop decision reads the state's oracle only when a webhook is pushed, after both exist.
  const webhooks = new WebhookPusher(settings, (key) => state.oracle.draw('webhook-drop', key));
  const state = new UnipileSimState(settings, clock, (webhook) => webhooks.push(webhook));
  const hangs = new HangTimers();
  let baseUrl = '';
  const hosted = new SimHostedAuth(
    state,
    (webhook) => webhooks.push(webhook),
    () => baseUrl,
  );

  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/hosted/:token', async (req, res) => {
    const { redirect } = await hosted.complete(req.params.token);
    if (redirect) return res.redirect(302, redirect);
    res.type('html').send('<!doctype html><title>Account connected</title><p>Account connected.</p>');
  });
  app.use(SIM_CONTROL_PREFIX, createSimControlRouter(state, webhooks));
  app.use('/api/v1', createUnipileApiRouter(state, hangs, hosted));
  app.use((req) => {
    throw new SimProblem(404, 'resource_not_found', `no route ${req.method} ${req.path}`);
  });
  app.use(simErrorHandler);

  async function flush(): Promise<void> {
    state.settle();
    await webhooks.idle();
  }

  async function listen(port = 0, host = '127.0.0.1'): Promise<RunningUnipileSimulator> {
    const server = createServer(app);
    server.listen(port, host);
    await once(server, 'listening');
    const address = server.address() as AddressInfo;
    const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    baseUrl = `http://${urlHost}:${address.port}`;
    // Due events become webhooks even when nobody calls: the clock alone moves the network.
    const ticker = setInterval(() => state.settle(), settings.tickMs);
    ticker.unref();
    return {
      url: baseUrl,
      port: address.port,
      async close() {
        clearInterval(ticker);
        hangs.cancelAll();
        webhooks.close();
        const closed = once(server, 'close');
        server.close();
        server.closeAllConnections();
        await closed;
      },
    };
  }

  return { app, state, settings, webhooks, calls: (filter) => state.calls.list(filter), flush, listen };
}
