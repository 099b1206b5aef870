/**
 * The one rule for custom variable names, shared by campaigns and leads. Names become keys of plain
 * objects (stored documents, template contexts), so besides their shape they must not be a name the
 * language gives every object: `__proto__` would be swallowed by the object itself, and
 * `constructor` or `toString` would read as a variable every lead already has.
 */

/** Letters, digits and underscores, not starting with a digit, at most 64 characters. */
export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The properties of `Object.prototype`, plus `prototype`: refused as variable names. */
export const RESERVED_VARIABLE_NAMES = [
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'prototype',
  'toLocaleString',
  'toString',
  'valueOf',
] as const;

const RESERVED = new Set<string>(RESERVED_VARIABLE_NAMES);

/** Why `name` cannot name a variable, or null when it can. */
export function variableNameProblem(name: string): string | null {
  if (!VARIABLE_NAME_PATTERN.test(name)) {
    return 'must be letters, digits or _, not starting with a digit, at most 64 characters';
  }
  if (RESERVED.has(name)) return `${name} is reserved`;
  return null;
}

export function isVariableName(name: string): boolean {
  return variableNameProblem(name) === null;
}
