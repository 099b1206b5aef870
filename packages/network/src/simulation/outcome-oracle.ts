import { createHash } from 'node:crypto';
import type { NetworkProfile } from '../network.types.js';
import type { SandboxSettings } from './sandbox-settings.js';

/**
 * Decides what the simulated network does. Each answer is a hash of (seed, account, lead, facet,
 * step), so an outcome never depends on which calls came before: the same seed gives the same
 * acceptances, delays and replies whatever order the runner works in.
 */
export class OutcomeOracle {
  constructor(private readonly settings: SandboxSettings) {}

  alreadyConnected(accountId: string, publicIdentifier: string): boolean {
    return this.unit(accountId, publicIdentifier, 'connected') < this.settings.alreadyConnectedProbability;
  }

  /** Delay after which the nth invitation of the pair is accepted, or null if it never is. */
  acceptanceDelayMs(accountId: string, publicIdentifier: string, n: number): number | null {
    if (this.unit(accountId, publicIdentifier, 'accepts', n) >= this.acceptProbabilityOf(publicIdentifier))
      return null;
    const { acceptDelayMinMs: min, acceptDelayMaxMs: max } = this.settings;
    return min + Math.floor(this.unit(accountId, publicIdentifier, 'accept-delay', n) * (max - min));
  }

  /** The chance that this person accepts an invitation: their audience's, else the network's. */
  private acceptProbabilityOf(publicIdentifier: string): number {
    let best: { prefix: string; probability: number } | null = null;
    for (const [prefix, probability] of Object.entries(this.settings.audienceAcceptProbability)) {
      if (publicIdentifier.startsWith(prefix) && (best === null || prefix.length > best.prefix.length))
        best = { prefix, probability };
    }
    return best?.probability ?? this.settings.acceptProbability;
  }

  /** The lead's answer to the nth message of the pair, or null if it stays silent. */
  reply(accountId: string, publicIdentifier: string, n: number): { delayMs: number; content: string } | null {
    if (this.unit(accountId, publicIdentifier, 'replies', n) >= this.settings.replyProbability) return null;
    const { replyDelayMinMs: min, replyDelayMaxMs: max, replyTexts } = this.settings;
    const delayMs = min + Math.floor(this.unit(accountId, publicIdentifier, 'reply-delay', n) * (max - min));
    const pick = Math.floor(this.unit(accountId, publicIdentifier, 'reply-text', n) * replyTexts.length);
    return { delayMs, content: replyTexts[pick] ?? replyTexts[0] ?? '' };
  }

  isMissing(publicIdentifier: string): boolean {
    return this.settings.missingPrefixes.some((prefix) => publicIdentifier.startsWith(prefix));
  }

  /** Provider ids are derived too, so two runs with one seed produce identical ids. */
  id(kind: 'inv' | 'msg' | 'cnv' | 'evt', ...parts: (string | number)[]): string {
    return `sbx-${kind}-${this.hex(kind, ...parts).slice(0, 24)}`;
  }

  /** A number in [0, 1) for any other decision of a simulator built on this oracle. */
  draw(...parts: (string | number)[]): number {
    return this.unit(...parts);
  }

  /** Hex digits derived from the seed and `parts`, for ids in another provider's format. */
  digest(...parts: (string | number)[]): string {
    return this.hex(...parts);
  }

  profile(publicIdentifier: string): NetworkProfile {
    const u = (facet: string) => this.unit('profile', publicIdentifier, facet);
    const named = /^([a-z]{2,})-([a-z]{2,})(?:-|$)/.exec(publicIdentifier);
    const firstName = named?.[1] ? capitalise(named[1]) : pick(FIRST_NAMES, u('first'));
    const lastName = named?.[2] ? capitalise(named[2]) : pick(LAST_NAMES, u('last'));
    const companyName = pick(COMPANIES, u('company'));
    return {
      publicIdentifier,
      firstName,
      lastName,
      headline: `${pick(ROLES, u('role'))} at ${companyName}`,
      companyName,
      location: pick(LOCATIONS, u('location')),
      summary: `${firstName} works at ${companyName}.`,
      networkUrl: `${this.settings.profileBaseUrl}${encodeURIComponent(publicIdentifier)}`,
    };
  }

  /** A number in [0, 1) from the first 48 bits of the hash. */
  private unit(...parts: (string | number)[]): number {
    return parseInt(this.hex(...parts).slice(0, 12), 16) / 2 ** 48;
  }

  private hex(...parts: (string | number)[]): string {
    // A separator that cannot appear in ids keeps ("ab", "c") and ("a", "bc") apart.
    return createHash('sha256')
      .update([this.settings.seed, ...parts].join('\u0000'))
      .digest('hex');
  }
}

function pick<T>(list: readonly [T, ...T[]], unit: number): T {
  return list[Math.floor(unit * list.length)] ?? list[0];
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export const FIRST_NAMES = [
  'Alex',
  'Maria',
  'Sam',
  'Priya',
  'Jonas',
  'Chen',
  'Fatima',
  'Lucas',
  'Emma',
  'Kenji',
] as const;
export const LAST_NAMES = [
  'Martin',
  'Garcia',
  'Okafor',
  'Schmidt',
  'Rossi',
  'Nguyen',
  'Silva',
  'Kowalski',
  'Dubois',
] as const;
const ROLES = [
  'Head of Sales',
  'CTO',
  'Marketing Manager',
  'Founder',
  'VP Engineering',
  'Recruiter',
] as const;
export const COMPANIES = [
  'Acme Corp',
  'Globex',
  'Initech',
  'Umbrella Labs',
  'Hooli',
  'Stark Industries',
] as const;
export const LOCATIONS = [
  'Paris, France',
  'Berlin, Germany',
  'London, UK',
  'New York, USA',
  'Lisbon, Portugal',
] as const;
