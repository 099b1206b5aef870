import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { type Clock, systemClock } from '../clock.js';
import { SANDBOX_CONTROL_PREFIX, createControlRouter } from './control-routes.js';
import { HangTimers } from './hang-timers.js';
import { createProviderRouter } from './provider-routes.js';
import { errorHandler, notFoundHandler } from './route-helpers.js';
import { type SandboxSettings, type SandboxSettingsInput, parseSandboxSettings } from './sandbox-settings.js';
import { SandboxNetworkState } from './sandbox-state.js';

export interface SandboxNetworkOptions extends SandboxSettingsInput {
  /** The sandbox's only source of time; tests pass a manual clock, demos a scaled one. */
  clock?: Clock;
}

export interface RunningSandbox {
  /** e.g. `http://127.0.0.1:41234`: the `baseUrl` for `createHttpNetwork`. */
  url: string;
  port: number;
  /** Stops accepting, drops open connections and pending hangs; resolves once closed. */
  close(): Promise<void>;
}

export interface SandboxNetwork {
  app: Express;
  /** The simulated provider, for in-process tests that prefer calls to HTTP controls. */
  state: SandboxNetworkState;
  settings: SandboxSettings;
  /** Serves the app; port 0 picks a free port. */
  listen(port?: number, host?: string): Promise<RunningSandbox>;
}

/** A simulated professional network that speaks the provider API and the `/_sandbox` controls. */
export function createSandboxNetwork(options: SandboxNetworkOptions = {}): SandboxNetwork {
  const { clock = systemClock, ...settingsInput } = options;
  const settings = parseSandboxSettings(settingsInput);
  const state = new SandboxNetworkState(settings, clock);
  const hangs = new HangTimers();

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '100kb' }));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(SANDBOX_CONTROL_PREFIX, createControlRouter(state));
  app.use(createProviderRouter(state, hangs));
  app.use(notFoundHandler);
  app.use(errorHandler);

  async function listen(port = 0, host = '127.0.0.1'): Promise<RunningSandbox> {
    const server = createServer(app);
    server.listen(port, host);
    await once(server, 'listening');
    const address = server.address() as AddressInfo;
    const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return {
      url: `http://${urlHost}:${address.port}`,
      port: address.port,
      async close() {
        hangs.cancelAll();
        const closed = once(server, 'close');
        server.close();
        server.closeAllConnections();
        await closed;
      },
    };
  }

  return { app, state, settings, listen };
}
