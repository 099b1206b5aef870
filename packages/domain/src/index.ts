export * from './vocabulary.js';
export * from './errors.js';
export * from './access.rules.js';
export * from './ids.js';
export * from './defaults.js';
export type * from './model.types.js';

export * from './campaign-state.rules.js';
export * from './sequence-editing.rules.js';
export * from './lead-progress.rules.js';
export * from './variant-editing.rules.js';
export * from './variant-rotation.rules.js';
export * from './keyword-icp.matcher.js';
export * from './keyword-icp.explanation.js';
export * from './ai-variable.js';
export * from './ai-tool.catalogue.js';
export * from './ai-decisions.js';
export * from './template-rendering.js';
export * from './message-composition.rules.js';
export * from './template-variables.rules.js';
export * from './lead-text-safety.rules.js';
export * from './copied-text.rules.js';
export * from './lead-status.rules.js';
export * from './lead-distribution.rules.js';
export * from './public-identifier.js';
export * from './block-precedence.rules.js';
export * from './lead-import.rules.js';
export * from './variable-name.rules.js';
export * from './webhook-target.rules.js';
export * from './credential-redaction.rules.js';

export * from './seeded-random.js';
export * from './working-hours.schedule.js';
export * from './step-timing.schedule.js';
export * from './account-capacity.schedule.js';
export * from './linkedin-limits.rules.js';
export * from './linkedin-warm-up.rules.js';
export * from './linkedin-effective-limits.rules.js';
export * from './linkedin-call-budgets.rules.js';
export * from './lead-waiting.rules.js';
export * from './invitation-hygiene.rules.js';
export * from './action-planning.schedule.js';

export * from './ab-significance.math.js';
export * from './analytics.math.js';

export * from './event-catalogue.js';
export * from './event-envelope.js';
export * from './event-samples.js';
