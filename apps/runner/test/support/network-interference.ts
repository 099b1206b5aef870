import type { ProviderNetworkPort } from '@outreach/network';

type Action = 'sendInvitation' | 'sendMessage' | 'visitProfile';
const ACTIONS: readonly Action[] = ['sendInvitation', 'sendMessage', 'visitProfile'];

/**
 * A copy of `network` whose methods can be replaced one by one. The others call through to
 * `network` (spreading it would drop methods an adapter defines on its prototype).
 */
export function networkWith(
  network: ProviderNetworkPort,
  overrides: Partial<ProviderNetworkPort>,
): ProviderNetworkPort {
  return {
    sendInvitation: (input) => network.sendInvitation(input),
    sendMessage: (input) => network.sendMessage(input),
    visitProfile: (input) => network.visitProfile(input),
    getRelationship: (input) => network.getRelationship(input),
    resolveMember: (input) => network.resolveMember(input),
    reconcileInvitation: (input) => network.reconcileInvitation(input),
    reconcileMessage: (input) => network.reconcileMessage(input),
    getAccountStatus: (input) => network.getAccountStatus(input),
    getInmailBalance: (input) => network.getInmailBalance(input),
    listRelations: (input) => network.listRelations(input),
    listRecentMessages: (input) => network.listRecentMessages(input),
    createHostedAuthLink: (input) => network.createHostedAuthLink(input),
    ...overrides,
  };
}

/**
 * The runner process dies right after its `nth` action reached the network: the network acts, and
 * the caller never hears back (its promise never settles, as if the process were gone).
 */
export function dyingAfterAction(
  network: ProviderNetworkPort,
  nth: number,
): { network: ProviderNetworkPort; died: Promise<void> } {
  let count = 0;
  let die: () => void = () => undefined;
  const died = new Promise<void>((resolve) => {
    die = resolve;
  });
  const overrides: Partial<Record<Action, (input: never) => Promise<unknown>>> = {};
  for (const name of ACTIONS) {
    overrides[name] = async (input: never) => {
      count += 1;
      const result = await (network[name] as (input: never) => Promise<unknown>)(input);
      if (count !== nth) return result;
      die();
      return new Promise(() => undefined);
    };
  }
  return { network: networkWith(network, overrides as Partial<ProviderNetworkPort>), died };
}

/** Every action waits at the door until `open()`; `arrived` resolves when the first one knocks. */
export function heldAtTheDoor(network: ProviderNetworkPort): {
  network: ProviderNetworkPort;
  arrived: Promise<void>;
  open(): void;
} {
  let knock: () => void = () => undefined;
  let open: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    knock = resolve;
  });
  const door = new Promise<void>((resolve) => {
    open = resolve;
  });
  const overrides: Partial<Record<Action, (input: never) => Promise<unknown>>> = {};
  for (const name of ACTIONS) {
    overrides[name] = async (input: never) => {
      knock();
      await door;
      return (network[name] as (input: never) => Promise<unknown>)(input);
    };
  }
  return { network: networkWith(network, overrides as Partial<ProviderNetworkPort>), arrived, open };
}

/**
 * Runs `sideEffect` while the network answers the first read about a lead (resolving it, or its
 * relationship), e.g. a user acting while the step reads the network.
 */
export function duringFirstLeadRead(
  network: ProviderNetworkPort,
  sideEffect: () => Promise<void>,
): ProviderNetworkPort {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await sideEffect();
  };
  return networkWith(network, {
    async resolveMember(input) {
      await once();
      return network.resolveMember(input);
    },
    async getRelationship(input) {
      await once();
      return network.getRelationship(input);
    },
  });
}
