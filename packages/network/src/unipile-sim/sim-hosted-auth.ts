import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { SimProblem } from './sim-problem.js';
import type { UnipileSimState } from './sim-state.js';
import type { SimWebhook } from './sim-timeline.js';
import { accountStatusPayload } from './sim-webhook-payloads.js';

const linkBodySchema = z.looseObject({
  type: z.enum(['create', 'reconnect']),
  expiresOn: z.string(),
  api_url: z.string(),
  providers: z.union([z.string(), z.array(z.string())]).optional(),
  reconnect_account: z.string().min(1).optional(),
  name: z.string().optional(),
  notify_url: z.url().optional(),
  success_redirect_url: z.url().optional(),
  failure_redirect_url: z.url().optional(),
});

type LinkBody = z.output<typeof linkBodySchema>;

/**
 * Hosted authentication that completes by itself: opening the link connects (or reconnects) the
 * account at once, calls the `notify_url` with Unipile's callback body, pushes the account-status
 * webhook and redirects to `success_redirect_url`.
 */
export class SimHostedAuth {
  private readonly links = new Map<string, LinkBody>();

  constructor(
    private readonly state: UnipileSimState,
    private readonly emit: (webhook: SimWebhook) => void,
    private readonly baseUrl: () => string,
  ) {}

  createLink(body: unknown): string {
    const parsed = linkBodySchema.safeParse(body);
    if (!parsed.success) throw new SimProblem(400, 'invalid_parameters', z.prettifyError(parsed.error));
    if (parsed.data.type === 'reconnect' && !parsed.data.reconnect_account) {
      throw new SimProblem(400, 'invalid_parameters', 'reconnect_account is required to reconnect');
    }
    const token = randomUUID();
    this.links.set(token, parsed.data);
    return `${this.baseUrl()}/hosted/${token}`;
  }

  /** Completes the link once; returns where the browser goes next. */
  async complete(token: string): Promise<{ accountId: string; redirect: string | null }> {
    const link = this.links.get(token);
    if (!link) throw new SimProblem(404, 'resource_not_found', 'unknown or used link');
    if (Date.parse(link.expiresOn) < this.state.now())
      throw new SimProblem(410, 'expired_link', 'the link expired');
    this.links.delete(token);
    const name = link.name ?? '';
    let accountId: string;
    let status: 'CREATION_SUCCESS' | 'RECONNECTED';
    if (link.type === 'reconnect') {
      accountId = link.reconnect_account ?? '';
      this.state.reconnect(accountId);
      status = 'RECONNECTED';
    } else {
      accountId = this.state.newAccountId(name);
      const account = this.state.account(accountId);
      account.name = name || account.name;
      this.emit({
        key: `status:${accountId}:created`,
        payload: accountStatusPayload(account, 'CREATION_SUCCESS'),
      });
      status = 'CREATION_SUCCESS';
    }
    if (link.notify_url) {
      const response = await fetch(link.notify_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status, account_id: accountId, name }),
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
    }
    return { accountId, redirect: link.success_redirect_url ?? null };
  }
}
