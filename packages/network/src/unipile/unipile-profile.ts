import type { NetworkProfile, Relationship } from '../network.types.js';

/** The LinkedIn fields of Unipile's `UserProfile` that the port uses. */
export interface UnipileLinkedinProfile {
  provider: 'LINKEDIN';
  provider_id: string;
  public_identifier: string | null;
  first_name: string | null;
  last_name: string | null;
  headline: string;
  summary?: string;
  location?: string;
  public_profile_url?: string;
  network_distance?: 'FIRST_DEGREE' | 'SECOND_DEGREE' | 'THIRD_DEGREE' | 'OUT_OF_NETWORK';
  is_relationship?: boolean;
  can_send_inmail?: boolean;
  invitation?: { type: 'SENT' | 'RECEIVED'; status: 'PENDING' | 'IGNORED' | 'WITHDRAWN' };
  work_experience?: { company: string; current?: boolean }[];
}

export function asLinkedinProfile(profile: { provider: string }): UnipileLinkedinProfile {
  if (profile.provider !== 'LINKEDIN')
    throw new TypeError(`expected a LinkedIn profile, got ${profile.provider}`);
  return profile as UnipileLinkedinProfile;
}

/**
 * Connected when LinkedIn says first degree; pending when the account's own invitation waits for
 * an answer. An invitation the lead sent us does not make the pair connected or pending on our side.
 */
export function relationshipOf(profile: UnipileLinkedinProfile): Relationship {
  if (profile.network_distance === 'FIRST_DEGREE' || profile.is_relationship === true) return 'connected';
  if (profile.invitation?.type === 'SENT' && profile.invitation.status === 'PENDING')
    return 'invitation_pending';
  return 'none';
}

export function toNetworkProfile(profile: UnipileLinkedinProfile, publicIdentifier: string): NetworkProfile {
  const identifier = profile.public_identifier ?? publicIdentifier;
  const company = profile.work_experience?.find((job) => job.current)?.company ?? null;
  return {
    publicIdentifier: identifier,
    firstName: profile.first_name ?? '',
    lastName: profile.last_name ?? '',
    headline: profile.headline,
    companyName: company,
    location: profile.location ?? null,
    summary: profile.summary ?? null,
    networkUrl: profile.public_profile_url ?? `https://www.linkedin.com/in/${encodeURIComponent(identifier)}`,
  };
}
