import type { Db } from '@outreach/db';
import type { TargetAllowance } from '@outreach/domain';
import type { LeadSourcesPort, ProviderNetworkPort } from '@outreach/network';
import type { Logger } from 'pino';
import type { ApiMetrics } from './metrics/api-metrics.js';
import type { Auth } from './auth/better-auth.js';
import type { Mailer } from './auth/mailer.js';
import type { OriginPolicy } from './auth/origin-policy.js';
import type { PeopleDirectory } from './auth/people-directory.js';
import type { SessionReader } from './auth/session-reader.js';
import type { LoadSheddingSettings } from './http/load-shedding.middleware.js';

export interface AppSettings {
  /** Requests one API key may make per minute across all instances (300 in production). */
  rateLimitPerMinute: number;
  /** How long a resolved API key is trusted before it is looked up again. */
  apiKeyCacheMs: number;
  /**
   * Which webhook URLs besides public ones are accepted: `public` (none, production), `loopback`
   * (local runs) or `any` (tests of private networks).
   */
  webhookTargets: TargetAllowance;
  /**
   * Local runs only (`pnpm start` sets it): the file holding the demo workspace's API key, named
   * by the docs page and by 401 answers (a key from before `pnpm start --fresh` no longer exists).
   * Unset in production, where no answer says anything of the kind.
   */
  demoKeyFile?: string | undefined;
  /**
   * Load shedding (`API_MAX_IN_FLIGHT` and the rest): requests served at once by this process, the
   * short queue beyond, and when the rest is refused with 503 `overloaded`. None: every request is
   * taken (tests that do not exercise it).
   */
  loadShedding?: LoadSheddingSettings | undefined;
}

/** The network provider: where its webhooks are checked, and how accounts connect through it. */
export interface ProviderSettings {
  /** The value every provider webhook carries in `webhookSecretHeader`; also signs connect links. */
  webhookSecret: string;
  /** Default `X-Webhook-Secret`. */
  webhookSecretHeader?: string;
  /**
   * The provider port (hosted-auth links, account status, and the lead sources an import or its dry
   * run reads); null when accounts are registered directly.
   */
  network: (ProviderNetworkPort & Partial<LeadSourcesPort>) | null;
  /** This API's address as the provider reaches it (the hosted-auth `notify_url` is built on it). */
  publicUrl: string;
  /**
   * The Unipile simulator (local runs, `NETWORK_PROVIDER=sandbox`): reconnecting an account
   * registered directly restores its session there.
   */
  simulatorUrl?: string | undefined;
}

/** People: the authentication library and what the API builds on it. */
export interface PeopleDeps {
  auth: Auth;
  sessions: SessionReader;
  directory: PeopleDirectory;
  mailer: Mailer;
  origins: OriginPolicy;
}

/** Everything the HTTP app needs from the outside; tests pass their own. */
export interface AppDeps {
  db: Db;
  logger: Logger;
  /**
   * Campaign time: record times, analytics windows, usage periods, when leads are due. A demo may
   * compress it (`TIME_SCALE`).
   */
  productClock: () => Date;
  /**
   * HTTP time, always real: idempotency locks and retention, rate-limit windows, the expiry of
   * signed callback links. Never compressed, since clients and the provider count it in seconds.
   */
  realClock: () => Date;
  settings: AppSettings;
  /** Provider webhooks and hosted-auth connections; without it every provider call gets 401. */
  provider?: ProviderSettings;
  /** Resolves when the database answers; `/readyz` reports 503 when it does not. */
  pingDatabase: () => Promise<void>;
  /** The operator console's built files (apps/console/dist), served at `/console`; none when unset. */
  consoleDir?: string | undefined;
  /**
   * Sign-in, sessions, invitations: mounted at `/api/auth` and behind the people operations
   * (`createPeopleRuntime`).
   */
  people: PeopleDeps;
  /** True once the process is shutting down; `/readyz` then reports 503. */
  isShuttingDown?: () => boolean;
  /**
   * Request metrics, counted when given (`METRICS_PORT` or `METRICS_TOKEN` set); with `token`,
   * `GET /metrics` is served on the API's own port to a bearer of that token.
   */
  metrics?: { api: ApiMetrics; token?: string | undefined } | undefined;
}
