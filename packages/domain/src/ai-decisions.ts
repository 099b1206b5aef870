/**
 * What the AI features decided about a lead, as the lead keeps it and the API shows it. Every
 * record says where it came from, so users can tell a model's judgement from the keyword rules and
 * see why the model was not used:
 * - `model`: the language model decided;
 * - `keyword`: no model is configured, the deterministic rules decided (the behaviour without AI);
 * - `fallback`: the model failed (`failure` says how) and the deterministic rules decided instead.
 */
import type { LeadTag } from './vocabulary.js';

export const AI_DECISION_SOURCES = ['model', 'keyword', 'fallback'] as const;
export type AiDecisionSource = (typeof AI_DECISION_SOURCES)[number];

/** Why a model's answer was not used. */
export const AI_FAILURE_KINDS = [
  'timeout',
  'rate_limited',
  'unavailable',
  'rejected',
  'refusal',
  'malformed',
  'budget_exhausted',
  /** No model is configured (AI tools only: they have no rules to fall back on). */
  'not_configured',
  /** The answer was blank or longer than the tool's cap (AI tools only). */
  'unusable_answer',
  /**
   * The answer carried a link, an e-mail address, a phone number, a placeholder or markup that is
   * not the lead's own (AI tools), or the analysis's reason did (screener).
   */
  'unsafe_answer',
  /** The lead's text addressed the model with instructions, so the model was not asked. */
  'suspicious_input',
] as const;
export type AiFailureKind = (typeof AI_FAILURE_KINDS)[number];

/** Whether a lead fits one ICP definition and why; kept per definition (`definitionKey`). */
export interface IcpDecisionRecord {
  definitionKey: string;
  matches: boolean;
  /** One line a user can read. */
  reason: string;
  source: AiDecisionSource;
  model: string | null;
  failure: AiFailureKind | null;
  /** ISO 8601. */
  decidedAt: string;
}

export const REPLY_LABELS = ['interested', 'meeting_booked', 'matched', 'discarded', 'none'] as const;
export type ReplyLabel = (typeof REPLY_LABELS)[number];

/** How a reply to a screener was read. */
export interface ReplyAnalysisRecord {
  /** The tag it earned; null when none (or the confidence was too low). */
  tag: LeadTag | null;
  label: ReplyLabel;
  /** 0 to 1; keyword rules are certain of what they match (1). */
  confidence: number;
  reason: string;
  source: AiDecisionSource;
  model: string | null;
  failure: AiFailureKind | null;
  /** ISO 8601. */
  analysedAt: string;
}

/** One AI tool's value for one message: written by the model, or missing (and why). */
export interface AiToolOutcomeRecord {
  key: string;
  source: 'model' | 'fallback';
  failure: AiFailureKind | null;
}

/** What the message of a step was made of: the variant, the generic body, or nothing. */
export const MESSAGE_CONTENT_SOURCES = ['variant', 'generic_body', 'missing_variable'] as const;
export type MessageContentSource = (typeof MESSAGE_CONTENT_SOURCES)[number];

/** Which variant a lead got at a step and why, kept per step id. */
export interface VariantChoiceRecord {
  /** The variant rotation gave the lead; null when the step has no enabled variant. */
  variantId: string | null;
  /** One line: which pool the variant came from (and the ICP decision behind it). */
  reason: string;
  /** The ICP decision that put the lead in the pool (`definitionKey`), when one did. */
  icpDefinitionKey: string | null;
  content: MessageContentSource;
  aiTools: AiToolOutcomeRecord[];
  /** ISO 8601. */
  chosenAt: string;
}
