import { describe, expect, it } from 'vitest';
import { isVariableName, RESERVED_VARIABLE_NAMES, variableNameProblem } from './variable-name.rules.js';

describe('variable names', () => {
  it('accepts letters, digits and underscores not starting with a digit', () => {
    for (const name of ['company', '_region', 'first_name2', 'proto', 'Constructor', 'a'.repeat(64)]) {
      expect(isVariableName(name), name).toBe(true);
    }
  });

  it('refuses other shapes', () => {
    for (const name of ['', '1st', 'first-name', 'a b', 'é', 'a'.repeat(65), 'a\u0000']) {
      expect(isVariableName(name), name).toBe(false);
    }
  });

  it('says what a name must look like', () => {
    expect(variableNameProblem('first-name')).toBe(
      'must be letters, digits or _, not starting with a digit, at most 64 characters',
    );
  });

  it('refuses every property every object has, and says it is reserved', () => {
    for (const name of [...Object.getOwnPropertyNames(Object.prototype), 'prototype']) {
      expect(RESERVED_VARIABLE_NAMES, name).toContain(name);
      expect(variableNameProblem(name)).toBe(`${name} is reserved`);
    }
  });
});
