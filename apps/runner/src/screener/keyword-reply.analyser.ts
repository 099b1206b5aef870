import type { LeadTag } from '@outreach/domain';
import type { ReplyAnalyser } from '../context/reply-analyser.port.js';

export type KeywordRules = ReadonlyArray<{ tag: LeadTag; phrases: readonly string[] }>;

/**
 * Checked in order, first match wins. Refusals come first because they often contain the words of
 * a yes ("not interested"); a booked meeting outranks mere interest; `matched` (the lead fits the
 * screener's question) is the weakest positive signal.
 */
export const DEFAULT_KEYWORD_RULES: KeywordRules = [
  {
    tag: 'discarded',
    phrases: [
      'not interested',
      'no interest',
      'no thanks',
      'no thank you',
      'not relevant',
      'not a fit',
      'unsubscribe',
      'remove me',
      'stop messaging',
      'do not contact',
      "don't contact",
    ],
  },
  {
    tag: 'meeting_booked',
    phrases: [
      'booked',
      'calendar invite',
      'sent an invite',
      'see you on',
      'scheduled a call',
      'meeting is set',
    ],
  },
  {
    tag: 'interested',
    phrases: [
      'interested',
      'tell me more',
      'sounds good',
      'sounds great',
      "let's talk",
      'happy to chat',
      'send me some times',
      'sure',
      'keen',
    ],
  },
  { tag: 'matched', phrases: ['yes', 'we do', 'we are', 'correct', 'that is us', "that's us"] },
];

/** Deterministic default analyser: whole-phrase keyword matching, case and accent insensitive. */
export function createKeywordReplyAnalyser(rules: KeywordRules = DEFAULT_KEYWORD_RULES): ReplyAnalyser {
  const compiled = rules.map(({ tag, phrases }) => ({
    tag,
    patterns: phrases.map(
      (phrase) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(normalise(phrase))}($|[^\\p{L}\\p{N}])`, 'u'),
    ),
  }));
  return {
    analyse(reply) {
      const text = normalise(reply);
      const hit = compiled.find(({ patterns }) => patterns.some((pattern) => pattern.test(text)));
      return Promise.resolve(hit?.tag ?? null);
    },
  };
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
