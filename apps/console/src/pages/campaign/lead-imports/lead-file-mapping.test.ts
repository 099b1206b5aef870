// De-risks the mapping editor of an uploaded lead file: it starts from the API's suggestion, keeps
// one column per lead field whatever is clicked, and sends the mapping the person sees, refusing
// one that cannot identify anybody before the API has to.
import { LEAD_FILE_FIELDS as DOMAIN_FIELDS } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import {
  choicesFromMapping,
  LEAD_FILE_FIELDS,
  mappingOf,
  mappingProblems,
  setColumnUse,
  setVariableName,
} from './lead-file-mapping.js';

const COLUMNS = ['LinkedIn URL', 'First Name', 'Company', 'Company size', 'Notes'];
const SUGGESTED = {
  profileUrl: 'LinkedIn URL',
  firstName: 'First Name',
  companyName: 'Company',
  customVariables: { companySize: 'Company size', notes: 'Notes' },
};

describe('editing the mapping of a lead file', () => {
  it('offers exactly the lead fields the domain maps', () => {
    expect([...LEAD_FILE_FIELDS].sort()).toEqual([...DOMAIN_FIELDS].sort());
  });

  it("starts from the file's suggestion, one row per column in file order, and sends it back unchanged", () => {
    const choices = choicesFromMapping(COLUMNS, SUGGESTED);
    expect(choices.map((choice) => [choice.column, choice.use, choice.variable])).toEqual([
      ['LinkedIn URL', 'profileUrl', ''],
      ['First Name', 'firstName', ''],
      ['Company', 'companyName', ''],
      ['Company size', 'custom', 'companySize'],
      ['Notes', 'custom', 'notes'],
    ]);
    expect(mappingOf(choices)).toEqual(SUGGESTED);
    expect(mappingProblems(choices)).toEqual([]);
  });

  it('leaves every column out when the file has no suggestion, and says a person cannot be identified', () => {
    const choices = choicesFromMapping(COLUMNS, null);
    expect(choices.every((choice) => choice.use === 'skip')).toBe(true);
    expect(mappingOf(choices)).toEqual({});
    expect(mappingProblems(choices)).toEqual([
      'Choose the column that holds the profile URL or the public identifier.',
    ]);
  });

  it('moves a lead field to the column chosen for it, leaving the column that held it out', () => {
    const choices = setColumnUse(choicesFromMapping(COLUMNS, SUGGESTED), 'Notes', 'profileUrl');
    expect(mappingOf(choices)).toEqual({
      profileUrl: 'Notes',
      firstName: 'First Name',
      companyName: 'Company',
      customVariables: { companySize: 'Company size' },
    });
  });

  it('keeps several custom variables, named as typed, and leaves out a column set aside', () => {
    let choices = choicesFromMapping(COLUMNS, SUGGESTED);
    choices = setColumnUse(choices, 'Company', 'custom');
    choices = setVariableName(choices, 'Company', ' employer ');
    choices = setColumnUse(choices, 'Notes', 'skip');
    expect(mappingOf(choices)).toEqual({
      profileUrl: 'LinkedIn URL',
      firstName: 'First Name',
      customVariables: { employer: 'Company', companySize: 'Company size' },
    });
  });

  it('restores the variable name a column had when it becomes a custom variable again', () => {
    let choices = choicesFromMapping(COLUMNS, SUGGESTED);
    choices = setColumnUse(choices, 'Notes', 'summary');
    choices = setColumnUse(choices, 'Notes', 'custom');
    expect(mappingOf(choices).customVariables).toEqual({ companySize: 'Company size', notes: 'Notes' });
  });

  it('names the column of a custom variable left without a name, and two columns under one name', () => {
    let choices = choicesFromMapping(COLUMNS, SUGGESTED);
    choices = setColumnUse(choices, 'Company', 'custom');
    expect(mappingProblems(choices)).toEqual(['Name the custom variable of column "Company".']);
    choices = setVariableName(choices, 'Company', 'notes');
    expect(mappingProblems(choices)).toEqual([
      'Columns "Company" and "Notes" are both named {{notes}}: rename one.',
    ]);
  });
});
