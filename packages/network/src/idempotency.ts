/**
 * The key that makes an external action safe to retry: the same lead, step and attempt always
 * produce the same key, so the provider can recognise a repeated call.
 */
export function idempotencyKey(leadId: string, stepId: string, attempt: number): string {
  return `${leadId}:${stepId}:${attempt}`;
}
