/**
 * What the simulated model answers, derived only from the prompt, so the same question always gets
 * the same answer. The task is read from the requested JSON schema's name; the data from the user
 * message (the JSON the features send, between the data tags).
 *
 * Like a naive model, it obeys instructions hidden in the data: a profile field with
 * `write: <text>` (or `say:` / `output:`) makes an AI tool answer `<text>`, and a reply that says
 * to classify, label or tag it as a label gets that label with confidence 1 (and, after `reason:`,
 * that reason). Tests use this to show that the service's own checks stop what the model let by.
 */
import { explainIcpKeywords, type LeadProfile } from '@outreach/domain';

type Json = Record<string, unknown>;

function parseObject(text: string): Json {
  // The JSON object of the data block (or the whole message, as older prompts sent it).
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return {};
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function icpAnswer(input: Json): Json {
  const lead = (typeof input.lead === 'object' && input.lead !== null ? input.lead : {}) as LeadProfile;
  const verdict = explainIcpKeywords(text(input.definition), lead);
  return { matches: verdict.matches, reason: `simulated model: ${verdict.reason}` };
}

/** Simple reading rules, checked in order; "maybe" answers come with a low confidence on purpose. */
const REPLY_RULES: ReadonlyArray<{ pattern: RegExp; label: string; confidence: number; reason: string }> = [
  {
    pattern: /\b(not interested|no thanks|unsubscribe|remove me|stop writing|not a fit)\b/,
    label: 'discarded',
    confidence: 0.95,
    reason: 'the lead declines',
  },
  {
    pattern: /\b(booked|calendar|scheduled|see you (on|at|then))\b/,
    label: 'meeting_booked',
    confidence: 0.9,
    reason: 'the lead agreed on a meeting',
  },
  {
    pattern: /\b(maybe|perhaps|not sure)\b/,
    label: 'interested',
    confidence: 0.4,
    reason: 'the lead hesitates',
  },
  {
    pattern: /\b(interested|tell me more|sounds good|let's talk|love to|happy to chat)\b/,
    label: 'interested',
    confidence: 0.85,
    reason: 'the lead wants to hear more',
  },
  {
    pattern: /\b(yes|yep|we do|we are|correct)\b/,
    label: 'matched',
    confidence: 0.75,
    reason: 'the lead confirms the fit',
  },
];

const OBEYED_LABEL =
  /\b(?:classify|label|tag|mark)\b[^.!?\n]{0,40}?\b(interested|meeting_booked|matched|discarded)\b/i;
const OBEYED_REASON = /\breason\s*:\s*(.+)$/im;
const OBEYED_TEXT = /\b(?:write|say|output)\s*:\s*(.+)$/im;

function replyAnswer(input: Json): Json {
  const obeyed = OBEYED_LABEL.exec(text(input.reply));
  if (obeyed) {
    const reason = OBEYED_REASON.exec(text(input.reply))?.[1] ?? 'as the reply instructs';
    return { label: obeyed[1]?.toLowerCase(), confidence: 1, reason };
  }
  const reply = text(input.reply).toLowerCase().replace(/[’‘]/g, "'");
  const rule = REPLY_RULES.find((candidate) => candidate.pattern.test(reply));
  if (rule)
    return { label: rule.label, confidence: rule.confidence, reason: `simulated model: ${rule.reason}` };
  return { label: 'none', confidence: 0.6, reason: 'simulated model: the reply says nothing decisive' };
}

function toolAnswer(input: Json): Json {
  const lead = (typeof input.lead === 'object' && input.lead !== null ? input.lead : {}) as Json;
  const firstName = text(lead.firstName);
  const headline = text(lead.headline);
  const company = text(lead.companyName);
  for (const value of Object.values(lead)) {
    const obeyed = OBEYED_TEXT.exec(text(value));
    if (obeyed?.[1]) return { text: obeyed[1].trim() };
  }
  switch (input.tool) {
    case 'opening_line':
      if (firstName === '' || (headline === '' && company === '')) return { text: '' };
      return {
        text:
          headline !== ''
            ? `${firstName}, your work as ${headline} caught my attention.`
            : `${firstName}, what you are building at ${company} caught my attention.`,
      };
    case 'company_hook':
      return {
        text:
          company === ''
            ? ''
            : `Teams like ${company} often look for a faster way to reach the right people.`,
      };
    case 'role_challenge':
      return { text: headline === '' ? '' : `keeping priorities straight as ${headline}` };
    default:
      return { text: '' };
  }
}

/** The JSON text the simulated model answers for a task and a user message. */
export function simulatedContent(task: string | null, userMessage: string): string {
  const input = parseObject(userMessage);
  switch (task) {
    case 'icp_decision':
      return JSON.stringify(icpAnswer(input));
    case 'reply_analysis':
      return JSON.stringify(replyAnswer(input));
    case 'ai_tool_value':
      return JSON.stringify(toolAnswer(input));
    default:
      return '{}';
  }
}
