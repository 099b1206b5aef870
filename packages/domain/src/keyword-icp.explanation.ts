/**
 * Why the keyword ICP matcher decided what it did, in one line a user can read on the lead. It reads
 * the same parsed phrases and profile words as `matchesIcpKeywords`, so the verdict always agrees.
 */
import { parseIcpDefinition, profileWords } from './keyword-icp.matcher.js';
import type { LeadProfile } from './model.types.js';

export interface IcpKeywordVerdict {
  matches: boolean;
  reason: string;
}

const MAX_LISTED_PHRASES = 5;

function quoted(words: readonly string[]): string {
  return `"${words.join(' ')}"`;
}

export function explainIcpKeywords(definition: string, lead: LeadProfile): IcpKeywordVerdict {
  const phrases = parseIcpDefinition(definition);
  if (phrases.length === 0) return { matches: false, reason: 'the ICP definition names no keywords' };
  const profile = profileWords(lead);
  const found = (phrase: (typeof phrases)[number]) => phrase.words.every((word) => profile.has(word));
  const excludedBy = phrases.find((phrase) => phrase.excluded && found(phrase));
  if (excludedBy) return { matches: false, reason: `profile mentions excluded ${quoted(excludedBy.words)}` };
  const wanted = phrases.filter((phrase) => !phrase.excluded);
  if (wanted.length === 0) return { matches: true, reason: 'profile mentions no excluded keyword' };
  const hit = wanted.find(found);
  if (hit) return { matches: true, reason: `profile mentions ${quoted(hit.words)}` };
  const listed = wanted.slice(0, MAX_LISTED_PHRASES).map((phrase) => quoted(phrase.words));
  const more = wanted.length > MAX_LISTED_PHRASES ? ', …' : '';
  return { matches: false, reason: `profile mentions none of ${listed.join(', ')}${more}` };
}
