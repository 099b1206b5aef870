/**
 * The default ICP matcher: deterministic keyword matching over the lead's profile. An ICP definition
 * is a list of keywords or short phrases separated by commas, semicolons, new lines or the word
 * "or". A lead matches when one phrase has all of its words in the profile (in any order, ignoring
 * case, accents and small filler words) and no excluded phrase (written with a leading "-" or
 * "not ") does. A definition made only of exclusions matches everyone else.
 *
 *   "CTO, VP Engineering; head of engineering; -agency"
 */
import type { LeadProfile } from './model.types.js';
import type { IcpMatcher } from './variant-rotation.rules.js';

const FILLER_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'the', 'to', 'with']);

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter((word) => word !== '' && !FILLER_WORDS.has(word));
}

interface Phrase {
  words: string[];
  excluded: boolean;
}

export function parseIcpDefinition(definition: string): Phrase[] {
  return definition
    .split(/[,;\n]|\bor\b/i)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const exclusion = /^(?:-|not\s+)/i.exec(part);
      const text = exclusion ? part.slice(exclusion[0].length) : part;
      return { words: words(text), excluded: exclusion !== null };
    })
    .filter((phrase) => phrase.words.length > 0);
}

/** The profile text ICP matching reads: who the lead is and where they work. */
export function profileWords(lead: LeadProfile): Set<string> {
  const custom = Object.values(lead.customVariables ?? {}).filter((value) => typeof value === 'string');
  const fields = [lead.headline, lead.companyName, lead.summary, lead.website, ...custom];
  return new Set(fields.flatMap((field) => (typeof field === 'string' ? words(field) : [])));
}

export function matchesIcpKeywords(definition: string, lead: LeadProfile): boolean {
  const phrases = parseIcpDefinition(definition);
  if (phrases.length === 0) return false;
  const profile = profileWords(lead);
  const found = (phrase: Phrase) => phrase.words.every((word) => profile.has(word));
  if (phrases.some((phrase) => phrase.excluded && found(phrase))) return false;
  const wanted = phrases.filter((phrase) => !phrase.excluded);
  return wanted.length === 0 || wanted.some(found);
}

export const keywordIcpMatcher: IcpMatcher = { matches: matchesIcpKeywords };
