import { NetworkError, type ProviderNetworkPort, type SentInvitationsPort } from '@outreach/network';
import type { RunnerMetrics } from './runner-metrics.js';

type Network = ProviderNetworkPort & Partial<SentInvitationsPort>;

/** The outcome label of a failed action: the network's typed code, else `error`. */
function failureOutcome(error: unknown): string {
  return error instanceof NetworkError ? error.code : 'error';
}

/**
 * The network port with its actions counted and timed (`runner_actions_total`,
 * `runner_action_duration_seconds`): invitations, messages (an InMail when the answer says it went
 * as one), profile visits and invitation withdrawals. Reads and reconciliations pass through as
 * they are; the call meter counts every call, reads included.
 */
export function observedNetwork<N extends Network>(network: N, metrics: RunnerMetrics): N {
  async function observe<T>(action: string, call: () => Promise<T>, actionOf?: (result: T) => string) {
    const end = metrics.actionDuration.startTimer();
    try {
      const result = await call();
      const done = actionOf?.(result) ?? action;
      end({ action: done });
      metrics.actions.inc({ action: done, outcome: 'done' });
      return result;
    } catch (error) {
      end({ action });
      metrics.actions.inc({ action, outcome: failureOutcome(error) });
      throw error;
    }
  }
  const { withdrawInvitation } = network;
  return {
    ...network,
    sendInvitation: (input) => observe('invitation', () => network.sendInvitation(input)),
    sendMessage: (input) =>
      observe(
        'message',
        () => network.sendMessage(input),
        (sent) => (sent.channel === 'inmail' ? 'inmail' : 'message'),
      ),
    visitProfile: (input) => observe('profile_visit', () => network.visitProfile(input)),
    ...(withdrawInvitation === undefined
      ? {}
      : {
          withdrawInvitation: (input: Parameters<typeof withdrawInvitation>[0]) =>
            observe('invitation_withdrawal', () => withdrawInvitation(input)),
        }),
  };
}
