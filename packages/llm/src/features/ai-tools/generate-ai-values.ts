/**
 * Writes the `{{ai.<key>}}` values of one lead for the variant it was given: one answer per tool
 * that the variant enables and its body uses (unused tools cost nothing). The lead's profile is
 * quoted data in the prompt; a profile that addresses the model is not sent at all
 * (`suspicious_input`), and a value carrying a link, an address, a phone number, a placeholder or
 * markup the lead does not own is refused (`unsafe_answer`): it would go out from the user's own
 * account. A tool without an
 * acceptable value (no model, a failure, a blank, over-long or unsafe answer) is simply absent from
 * `values`: rendering then treats its variable as missing, so the step falls back to `genericBody`,
 * else the lead is paused with `missing_variable`. It never throws.
 */
import {
  aiToolKeysIn,
  findAiTool,
  judgeAiToolValue,
  profileInstructionCue,
  type AiToolDefinition,
  type LeadProfile,
  type VariantDef,
} from '@outreach/domain';
import { z } from 'zod';
import type { LanguageModel, ModelFailureKind, ModelLogger } from '../../port/language-model.port.js';
import { silentLogger } from '../../port/language-model.port.js';
import { DATA_RULE, leadForPrompt, quotedData, type LeadTextFailure } from '../decision-source.js';

export const AI_TOOL_TASK = 'ai_tool_value';

export const aiToolAnswerSchema = z.object({ text: z.string() });

export function aiToolInstructions(tool: AiToolDefinition): string {
  return [
    'You write one piece of a sales outreach message, addressed to the lead described in the data ("lead").',
    `Write: ${tool.description}`,
    `At most ${tool.maxLength} characters, plain text on one line, no greeting, no placeholders, no quotes.`,
    'Use only facts from the profile. When the profile says too little, answer with an empty "text".',
    DATA_RULE,
  ].join(' ');
}

export type AiToolFailure = ModelFailureKind | LeadTextFailure | 'not_configured' | 'unusable_answer';

export interface AiToolOutcome {
  key: string;
  /** `model` when the value came from the model; `fallback` when the tool produced nothing. */
  source: 'model' | 'fallback';
  failure: AiToolFailure | null;
}

export interface AiValues {
  /** Tool key -> accepted value, ready for `TemplateSettings.aiValues`. */
  values: Record<string, string>;
  outcomes: AiToolOutcome[];
}

export interface GenerateAiValuesInput {
  model: LanguageModel | null;
  workspaceId: string;
  lead: LeadProfile;
  variant: Pick<VariantDef, 'body' | 'aiTools'>;
  logger?: ModelLogger;
}

async function generateOne(
  input: GenerateAiValuesInput,
  tool: AiToolDefinition,
): Promise<{ value: string | null; outcome: AiToolOutcome }> {
  const failed = (failure: AiToolFailure) => ({
    value: null,
    outcome: { key: tool.key, source: 'fallback' as const, failure },
  });
  if (input.model === null) return failed('not_configured');
  const answer = await input.model.answer({
    workspaceId: input.workspaceId,
    task: AI_TOOL_TASK,
    instructions: aiToolInstructions(tool),
    input: quotedData({ tool: tool.key, lead: leadForPrompt(input.lead) }),
    schema: aiToolAnswerSchema,
    maxOutputTokens: 200,
  });
  if (!answer.ok) return failed(answer.failure.kind);
  const verdict = judgeAiToolValue(tool, answer.value.text, input.lead);
  if (!verdict.ok) {
    if (verdict.failure === 'unsafe_answer') {
      (input.logger ?? silentLogger).warn(
        { workspaceId: input.workspaceId, tool: tool.key, problems: verdict.problems },
        'AI tool value refused: it carries what the lead does not own',
      );
    }
    return failed(verdict.failure);
  }
  return { value: verdict.value, outcome: { key: tool.key, source: 'model', failure: null } };
}

export async function generateAiValues(input: GenerateAiValuesInput): Promise<AiValues> {
  const enabled = new Set(input.variant.aiTools.map((tool) => tool.key));
  const tools = aiToolKeysIn(input.variant.body)
    .filter((key) => enabled.has(key))
    .map(findAiTool)
    .filter((tool): tool is AiToolDefinition => tool !== undefined);
  // A profile that addresses the model is not given to it: every tool goes without a value.
  const cue = input.model === null ? null : profileInstructionCue(input.lead);
  if (cue !== null) {
    (input.logger ?? silentLogger).warn(
      { workspaceId: input.workspaceId, field: cue.field },
      'AI tools not asked: the lead profile holds instructions addressed to the model',
    );
  }
  const results = await Promise.all(
    tools.map((tool) =>
      cue === null
        ? generateOne(input, tool)
        : {
            value: null,
            outcome: { key: tool.key, source: 'fallback' as const, failure: 'suspicious_input' as const },
          },
    ),
  );
  const values: Record<string, string> = {};
  for (const { value, outcome } of results) if (value !== null) values[outcome.key] = value;
  const outcomes = results.map((result) => result.outcome);
  const failures = outcomes.filter(
    (outcome) => outcome.failure !== null && outcome.failure !== 'not_configured',
  );
  if (failures.length > 0) {
    (input.logger ?? silentLogger).warn(
      { workspaceId: input.workspaceId, failures },
      'AI tools produced no value: their variables count as missing',
    );
  }
  return { values, outcomes };
}
