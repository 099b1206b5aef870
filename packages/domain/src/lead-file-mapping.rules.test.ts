/**
 * The mapping suggested for an uploaded lead file: what the common exports' headers become, that a
 * profile URL column is found by its values when its header says nothing, and that every other
 * column becomes a custom variable whose name the variable-name rule accepts.
 */
import { describe, expect, it } from 'vitest';
import {
  customVariableNameFor,
  leadFieldOfHeader,
  normalizeHeader,
  suggestLeadFileMapping,
} from './lead-file-mapping.rules.js';
import { variableNameProblem } from './variable-name.rules.js';

describe('headers', () => {
  it('are compared without case, spaces, punctuation or accents', () => {
    expect(normalizeHeader(' E-Mail ')).toBe('email');
    expect(normalizeHeader('Prénom')).toBe('prenom');
    expect(normalizeHeader('LinkedIn_Profile')).toBe('linkedinprofile');
  });

  it.each([
    ['LinkedIn URL', 'profileUrl'],
    ['Profile URL', 'profileUrl'],
    ['linkedin_profile', 'profileUrl'],
    ['Person Linkedin Url', 'profileUrl'],
    ['First Name', 'firstName'],
    ['Prénom', 'firstName'],
    ['Vorname', 'firstName'],
    ['Last name', 'lastName'],
    ['Nom', 'lastName'],
    ['Company', 'companyName'],
    ['Company Name', 'companyName'],
    ['Société', 'companyName'],
    ['Email', 'email'],
    ['E-mail', 'email'],
    ['Title', 'headline'],
    ['Phone Number', 'phone'],
    ['Website', 'website'],
    ['Summary', 'summary'],
    ['Full name', 'fullName'],
    ['Public Identifier', 'publicIdentifier'],
  ] as const)('%s names %s', (header, field) => {
    expect(leadFieldOfHeader(header)).toBe(field);
  });

  it('name no field when they are anything else', () => {
    expect(leadFieldOfHeader('Industry')).toBeNull();
    expect(leadFieldOfHeader('')).toBeNull();
  });
});

describe('custom variable names from headers', () => {
  it('are camel case, valid under the variable-name rule', () => {
    expect(customVariableNameFor('Company size', 1)).toBe('companySize');
    expect(customVariableNameFor('Connection Degree (LinkedIn)', 2)).toBe('connectionDegreeLinkedIn');
    expect(customVariableNameFor('Région', 3)).toBe('region');
    expect(customVariableNameFor('2nd degree?', 4)).toBe('_2ndDegree');
    expect(customVariableNameFor('#', 5)).toBe('column5');
  });

  it('never take a reserved, a core or an already taken name, nor pass 64 characters', () => {
    expect(customVariableNameFor('constructor', 1)).toBe('constructor2');
    expect(customVariableNameFor('Company Name', 1)).toBe('companyName2');
    expect(customVariableNameFor('Industry', 1, new Set(['industry']))).toBe('industry2');
    const long = customVariableNameFor('word '.repeat(40), 1);
    expect(long.length).toBeLessThanOrEqual(64);
    for (const header of ['constructor', '__proto__', 'x'.repeat(100), '9', 'été', 'toString'])
      expect(variableNameProblem(customVariableNameFor(header, 7)), header).toBeNull();
  });
});

describe('the suggested mapping', () => {
  it('maps a network export: fields by header, the rest as custom variables', () => {
    const columns = [
      'First Name',
      'Last Name',
      'Profile URL',
      'Email Address',
      'Company',
      'Position',
      'Connected On',
      'Location',
    ];
    expect(suggestLeadFileMapping(columns)).toEqual({
      firstName: 'First Name',
      lastName: 'Last Name',
      profileUrl: 'Profile URL',
      email: 'Email Address',
      companyName: 'Company',
      headline: 'Position',
      customVariables: { connectedOn: 'Connected On', location: 'Location' },
    });
  });

  it('gives each field its first column and makes later ones custom variables', () => {
    const mapping = suggestLeadFileMapping(['LinkedIn URL', 'Email', 'E-mail']);
    expect(mapping).toEqual({
      profileUrl: 'LinkedIn URL',
      email: 'Email',
      customVariables: { eMail: 'E-mail' },
    });
  });

  it('finds the profile URL column by its values when no header names it', () => {
    const mapping = suggestLeadFileMapping(
      ['Name', 'Link', 'Notes'],
      [
        ['Ada Lovelace', 'https://www.linkedin.com/in/ada-lovelace/', ''],
        ['Grace Hopper', 'linkedin.com/in/grace-hopper', 'met at a conference'],
        ['Alan Turing', '', ''],
      ],
    );
    expect(mapping).toEqual({ fullName: 'Name', profileUrl: 'Link', customVariables: { notes: 'Notes' } });
  });

  it('is null when no column can identify a lead', () => {
    expect(suggestLeadFileMapping(['First Name', 'Company'], [['Ada', 'Analytical Engines']])).toBeNull();
    expect(suggestLeadFileMapping(['Website'], [['https://example.com/in/about']])).toBeNull();
  });

  it('takes a public identifier column as the identity', () => {
    expect(suggestLeadFileMapping(['public_identifier', 'Prénom'])).toEqual({
      publicIdentifier: 'public_identifier',
      firstName: 'Prénom',
    });
  });

  it('keeps at most 100 custom variables, the first columns first', () => {
    const columns = ['Profile URL', ...Array.from({ length: 120 }, (_, i) => `Extra ${i + 1}`)];
    const custom = suggestLeadFileMapping(columns)?.customVariables ?? {};
    expect(Object.keys(custom)).toHaveLength(100);
    expect(custom['extra1']).toBe('Extra 1');
    expect(custom['extra100']).toBe('Extra 100');
  });
});
