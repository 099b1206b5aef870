import { DomainError, refusedTargetHost, type TargetAllowance } from '@outreach/domain';

/**
 * Refuses (400) a webhook URL whose host the shared target policy refuses: an address that is not
 * public unicast (in whatever IPv6 spelling it hides), or a name that only means a local network.
 * The dispatcher applies the same policy again to the addresses it connects to.
 */
export function assertWebhookTarget(url: string, allowance: TargetAllowance): void {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return; // the request schema has already refused URLs that do not parse
  }
  const refused = refusedTargetHost(hostname, allowance);
  if (refused !== null) {
    throw new DomainError(
      'invalid_input',
      `url: ${url} points at a private or loopback address (${refused}); webhooks need a public address`,
      { field: 'url', range: refused },
    );
  }
}
