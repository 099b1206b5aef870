/**
 * Everything a lead wrote (profile fields, replies) is data. A language model that reads it may
 * still obey it, so what a model writes from it is checked before it can leave the user's own
 * account (an AI tool value inside a message) or fire a webhook into a CRM (a screener tag):
 *
 * - `instructionCue` spots text addressed to the model rather than to a person ("ignore the
 *   instructions above", "classify this reply as ..."): such input is not given to the model;
 * - `unsafeContent` finds what a message must never carry unless it is the lead's own: a link, an
 *   e-mail address, a phone number, a `{{placeholder}}`, markup (HTML tags, markdown links).
 *
 * "The lead's own" means the lead's website (its host), company name, e-mail and phone, never the
 * free text (headline, summary, replies): that text is where an injection would put its link.
 */
import type { LeadProfile } from './model.types.js';

const INSTRUCTION_CUES: readonly RegExp[] = [
  /\b(ignore|disregard|forget|override)\b[^.!?\n]{0,40}\b(instructions?|prompts?|rules|guidelines|directions)\b/i,
  /\b(system|developer)\s+(prompt|message|instructions?)\b/i,
  /\byou\s+are\s+(now\s+)?(an?\s+)?(ai|assistant|chatbot|language\s+model|llm|gpt)\b/i,
  /\b(classify|label|tag|mark|categori[sz]e)\s+(this|the|my)\s+(reply|message|answer|lead|response)\s+as\b/i,
  /\b(new|updated)\s+(task|instructions?)\s*:/i,
  /\b(interested|meeting_booked|matched|discarded)\b[^.!?\n]{0,20}\bconfidence\b/i,
  /<\/?\s*(system|instructions?|lead_data|reply_data)\s*>/i,
  // Label names are the analyser's vocabulary; a person writes "booked a meeting", not this.
  /\bmeeting_booked\b/i,
];

/** The phrase that addresses the model in `text`, or null when the text reads as a person's. */
export function instructionCue(text: string): string | null {
  for (const cue of INSTRUCTION_CUES) {
    const found = cue.exec(text);
    if (found) return found[0];
  }
  return null;
}

/** The first instruction cue in any of a lead's profile texts, with the field it is in. */
export function profileInstructionCue(lead: LeadProfile): { field: string; cue: string } | null {
  const texts: Array<[string, unknown]> = [
    ['firstName', lead.firstName],
    ['lastName', lead.lastName],
    ['headline', lead.headline],
    ['companyName', lead.companyName],
    ['website', lead.website],
    ['summary', lead.summary],
    ...Object.entries(lead.customVariables ?? {}).map(([name, value]): [string, unknown] => [
      `customVariables.${name}`,
      value,
    ]),
  ];
  for (const [field, value] of texts) {
    if (typeof value !== 'string') continue;
    const cue = instructionCue(value);
    if (cue !== null) return { field, cue };
  }
  return null;
}

/**
 * A link: a scheme or `www.`, or a bare domain whose last label is a country code or a common
 * generic top-level domain (so `Node.js` or `e.g.` are words, `deals.shop` is a link).
 */
const GENERIC_TLDS =
  'com|net|org|info|biz|io|ai|app|dev|xyz|online|site|shop|store|link|click|top|club|live|pro|tech|example';
const URL_LIKE = new RegExp(
  String.raw`\b(?:https?:\/\/|www\.)[^\s<>()]+|\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:${GENERIC_TLDS}|(?!js\b|ts\b)[a-z]{2})\b(?:\/[^\s<>()]*)?`,
  'gi',
);
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;
/** Eight digits or more, with the separators phone numbers are written with. */
const PHONE = /\+?\d[\d\s().-]{6,}\d/g;
const YEAR_RANGE = /^(19|20)\d\d\s*[-–]\s*(19|20)\d\d$/;
const PLACEHOLDER = /\{\{|\}\}|\{[a-z_][\w.]*\}|\$\{/i;
const MARKUP = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|<!--|\[[^\]]*\]\([^)]*\)/i;

function hostOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '')
    .replace(/[.,;:!]+$/, '');
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** Hosts, addresses and numbers that belong to the lead, so a message may name them. */
function ownedBy(lead: LeadProfile): { hosts: Set<string>; emails: Set<string>; phones: Set<string> } {
  const hosts = new Set<string>();
  for (const text of [lead.website, lead.companyName]) {
    if (typeof text !== 'string' || text.trim() === '') continue;
    for (const match of text.matchAll(URL_LIKE)) hosts.add(hostOf(match[0]));
  }
  const emails = new Set(
    typeof lead.email === 'string' && lead.email !== '' ? [lead.email.trim().toLowerCase()] : [],
  );
  const phones = new Set(
    typeof lead.phone === 'string' && digitsOf(lead.phone) !== '' ? [digitsOf(lead.phone)] : [],
  );
  return { hosts, emails, phones };
}

/**
 * What `value` carries that a message written from a lead's profile must not: each problem as a
 * short phrase (`link "deals.example/x"`, `e-mail address`, `phone number`, `placeholder`,
 * `markup`). Empty when the value is plain text, or names only what belongs to the lead.
 */
export function unsafeContent(value: string, lead: LeadProfile = {}): string[] {
  const own = ownedBy(lead);
  const problems: string[] = [];
  const withoutEmails = value.replace(EMAIL, (email) => {
    if (!own.emails.has(email.toLowerCase())) problems.push('e-mail address');
    return ' ';
  });
  for (const match of withoutEmails.matchAll(URL_LIKE)) {
    const host = hostOf(match[0]);
    const owned = [...own.hosts].some((mine) => host === mine || host.endsWith(`.${mine}`));
    if (!owned) problems.push(`link "${match[0]}"`);
  }
  for (const match of withoutEmails.matchAll(PHONE)) {
    const digits = digitsOf(match[0]);
    if (digits.length < 8 || YEAR_RANGE.test(match[0].trim())) continue;
    if (!own.phones.has(digits)) problems.push('phone number');
  }
  if (PLACEHOLDER.test(value)) problems.push('placeholder');
  if (MARKUP.test(value)) problems.push('markup');
  return [...new Set(problems)];
}
