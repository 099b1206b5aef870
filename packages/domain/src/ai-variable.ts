/** The template variables AI tools fill: `{{ai.<key>}}`, prefix and key read without regard to case. */
export const AI_VARIABLE_PREFIX = 'ai.';

/** The tool key a placeholder name refers to (`ai.opening_line` -> `opening_line`), else null. */
export function aiToolKeyOf(variableName: string): string | null {
  const name = variableName.trim();
  if (name.slice(0, AI_VARIABLE_PREFIX.length).toLowerCase() !== AI_VARIABLE_PREFIX) return null;
  return name.slice(AI_VARIABLE_PREFIX.length).trim().toLowerCase();
}
