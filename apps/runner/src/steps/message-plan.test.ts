import {
  chooseVariant,
  invitationSettingsOf,
  keywordIcpMatcher,
  type StepDef,
  type VariantDef,
} from '@outreach/domain';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerCampaign, RunnerLead } from '../store/runner-store.port.js';
import type { StepRun } from '../step-run/step-run.js';
import { planMessage, type AssignVariant } from './message-plan.js';

const variant = (id: string, body: string, more: Partial<VariantDef> = {}): VariantDef => ({
  id,
  body,
  order: Number(id.slice(-1)),
  isDisabled: false,
  icpDefinitionRaw: null,
  aiTools: [],
  ...more,
});

const messageStep = (variants: VariantDef[], genericBody: string | null = null): StepDef => ({
  id: 'stp_hello',
  type: 'message',
  order: 0,
  delay: 0,
  stopOnReply: false,
  genericBody,
  variants,
});

const lead = (more: Partial<RunnerLead> = {}): RunnerLead => ({
  id: 'led_ada',
  workspaceId: 'wsp_acme',
  campaignId: 'cmp_launch',
  publicIdentifier: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  headline: 'Designer at Acme',
  networkUrl: 'https://network.example/in/ada',
  status: 'active',
  internalStatus: 'queued',
  currentStep: 0,
  accountId: 'acc_sender',
  tags: [],
  assignedVariants: {},
  nextActionAt: null,
  attempts: 1,
  pendingActionKey: null,
  invitationSentAt: null,
  pendingActionAt: null,
  providerId: null,
  ...more,
});

/** One lead at a message step, no language model: the keyword rules decide ICP matches. */
function run(step: StepDef, claimed: RunnerLead = lead()): StepRun {
  const now = new Date('2099-03-02T10:00:00.000Z');
  const ctx = {
    languageModel: null,
    icpMatcher: keywordIcpMatcher,
    clock: () => now,
    logger: pino({ level: 'silent' }),
  } as unknown as RunnerContext;
  const campaign = { customVariables: {}, steps: [step] } as unknown as RunnerCampaign;
  // Planning a message reads no sender account.
  const account = null as unknown as StepRun['account'];
  return {
    ctx,
    owner: 'runner-1:claim-1',
    campaign,
    step,
    lead: claimed,
    account,
    now,
    invitations: invitationSettingsOf({}),
    learned: {},
  };
}

/** The rotation's first turn over the lead's pool, as the runner assigns it. */
const firstTurn: AssignVariant = async (run, matcher) => ({
  variantId: chooseVariant(run.step.variants, run.lead, 0, matcher)?.id ?? null,
  turnTaken: true,
});

async function choiceFor(step: StepDef, claimed?: RunnerLead) {
  const planned = await planMessage(run(step, claimed), firstTurn);
  return {
    text: planned.ok ? planned.text : null,
    choice: 'plan' in planned ? planned.plan?.choice : undefined,
  };
}

describe('the variant choice a lead shows', () => {
  it('says the generic body is the message when the step has no enabled variant', async () => {
    const step = messageStep([variant('var_1', 'Old text', { isDisabled: true })], 'Hello {{firstName}}');

    expect(await choiceFor(step)).toMatchObject({
      text: 'Hello Ada',
      choice: {
        variantId: null,
        reason: 'the step has no enabled variant: its generic body is the message',
        content: 'generic_body',
      },
    });
  });

  it('says the variant came from plain rotation when no variant has an ICP definition', async () => {
    const step = messageStep([variant('var_1', 'Hi A'), variant('var_2', 'Hi B')]);

    expect(await choiceFor(step)).toMatchObject({
      text: 'Hi A',
      choice: {
        variantId: 'var_1',
        reason: "rotation over the step's variants (none has an ICP definition)",
      },
    });
  });

  it('treats a blank ICP definition as none', async () => {
    const step = messageStep([
      variant('var_1', 'Hi A', { icpDefinitionRaw: '   ' }),
      variant('var_2', 'Hi B'),
    ]);

    expect(await choiceFor(step)).toMatchObject({
      choice: {
        variantId: 'var_1',
        reason: "rotation over the step's variants (none has an ICP definition)",
        icpDefinitionKey: null,
      },
    });
  });

  it('says the lead matched no ICP and got a variant without one', async () => {
    const step = messageStep([
      variant('var_1', 'For CTOs', { icpDefinitionRaw: 'CTO' }),
      variant('var_2', 'Hi'),
    ]);

    expect(await choiceFor(step)).toMatchObject({
      text: 'Hi',
      choice: {
        variantId: 'var_2',
        reason: "matches no variant's ICP: rotation over the variants without one",
      },
    });
  });

  it('says the lead matched no ICP when every variant has one and rotation took any of them', async () => {
    const step = messageStep([
      variant('var_1', 'For CTOs', { icpDefinitionRaw: 'CTO' }),
      variant('var_2', 'For founders', { icpDefinitionRaw: 'founder' }),
    ]);

    expect(await choiceFor(step)).toMatchObject({
      text: 'For CTOs',
      choice: {
        variantId: 'var_1',
        reason: "matches no variant's ICP and every variant has one: rotation over all of them",
      },
    });
  });
});

describe('a message with an action pending on the lead', () => {
  const step = messageStep([variant('var_1', 'Hi {{firstName}}, new text')], 'Hello');
  const pending = (content: 'variant' | 'generic_body') =>
    lead({
      assignedVariants: { [step.id]: 'var_1' },
      pendingActionKey: `led_ada:${step.id}:1`,
      pendingActionContent: 'Hi Ada, as first sent',
      variantChoices: {
        [step.id]: {
          variantId: 'var_1',
          reason: "rotation over the step's variants (none has an ICP definition)",
          icpDefinitionKey: null,
          content,
          aiTools: [],
          chosenAt: '2099-03-02T09:00:00.000Z',
        },
      },
    });

  it('sends the text first sent, credited to its variant', async () => {
    const planned = await planMessage(run(step, pending('variant')), firstTurn);

    expect(planned).toMatchObject({ ok: true, text: 'Hi Ada, as first sent', variantId: 'var_1' });
  });

  it('credits no variant when the text first sent was the generic body', async () => {
    const planned = await planMessage(run(step, pending('generic_body')), firstTurn);

    expect(planned).toMatchObject({ ok: true, text: 'Hi Ada, as first sent', variantId: null });
  });

  it('does not send the text pending for another step (one deleted from under the lead)', async () => {
    const claimed = lead({
      pendingActionKey: 'led_ada:stp_deleted:1',
      pendingActionContent: 'The deleted step message',
    });

    const planned = await planMessage(run(step, claimed), firstTurn);

    expect(planned).toMatchObject({ ok: true, text: 'Hi Ada, new text', variantId: 'var_1' });
  });
});
