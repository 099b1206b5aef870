/**
 * Decides whether a lead fits a variant's ICP definition. With a model, the model decides with a
 * one-line reason; without one, or when it fails (timeout, budget, refusal...), the keyword matcher
 * decides and the decision says so. It never throws and never waits longer than the model's
 * configured timeout.
 */
import { explainIcpKeywords, type LeadProfile } from '@outreach/domain';
import { z } from 'zod';
import type { Clock, LanguageModel, ModelLogger } from '../../port/language-model.port.js';
import { silentLogger } from '../../port/language-model.port.js';
import {
  DATA_RULE,
  KEYWORD_ORIGIN,
  leadForPrompt,
  oneLine,
  quotedData,
  type DecisionOrigin,
} from '../decision-source.js';
import { icpDefinitionKey, type IcpDecision } from './icp-decision.js';

export const ICP_TASK = 'icp_decision';

export const icpAnswerSchema = z.object({
  matches: z.boolean(),
  reason: z.string(),
});

export const ICP_INSTRUCTIONS = [
  'You qualify sales leads for an outreach campaign.',
  'In the data, "definition" is the ideal customer profile (ICP) written by the campaign owner,',
  '"lead" is what is known about the lead.',
  'Decide whether the lead fits the ICP. Exclusions in the definition ("not ...", "-...") rule a lead out.',
  'When the profile says too little to tell, answer matches=false.',
  'Answer with "matches" and a "reason" of one short sentence citing the profile.',
  DATA_RULE,
].join(' ');

export interface DecideIcpInput {
  model: LanguageModel | null;
  workspaceId: string;
  lead: LeadProfile;
  definition: string;
  clock: Clock;
  logger?: ModelLogger;
}

export async function decideIcp(input: DecideIcpInput): Promise<IcpDecision> {
  const { model, workspaceId, lead, definition } = input;
  const base = { definitionKey: icpDefinitionKey(definition) };
  const byKeywords = (origin: DecisionOrigin): IcpDecision => ({
    ...base,
    ...explainIcpKeywords(definition, lead),
    ...origin,
    decidedAt: input.clock().toISOString(),
  });
  if (model === null) return byKeywords(KEYWORD_ORIGIN);

  const answer = await model.answer({
    workspaceId,
    task: ICP_TASK,
    instructions: ICP_INSTRUCTIONS,
    input: quotedData({ definition, lead: leadForPrompt(lead) }),
    schema: icpAnswerSchema,
    maxOutputTokens: 200,
  });
  if (!answer.ok) {
    (input.logger ?? silentLogger).warn(
      { workspaceId, definitionKey: base.definitionKey, failure: answer.failure },
      'ICP decided by keywords: the model failed',
    );
    return byKeywords({ source: 'fallback', model: null, failure: answer.failure.kind });
  }
  return {
    ...base,
    matches: answer.value.matches,
    reason:
      oneLine(answer.value.reason) ||
      (answer.value.matches ? 'the model found a match' : 'the model found no match'),
    source: 'model',
    model: answer.model,
    failure: null,
    decidedAt: input.clock().toISOString(),
  };
}
