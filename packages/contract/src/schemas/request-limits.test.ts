/** The limits the zod schemas enforce are the ones openapi.yaml states. */
import { RESERVED_VARIABLE_NAMES } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../openapi-document.js';
import { asObject, resolve, type JsonObject } from '../testing/document-walk.js';
import { ISO_DATE_YEAR_PATTERN, VARIABLE_NAME_PATTERN } from './common.schema.js';
import { NETWORK_URL_PATTERN } from './lead.schema.js';
import { LIMIT_KEYS } from '@outreach/domain';
import { REQUEST_LIMITS } from './request-limits.js';

function schema(name: string): JsonObject {
  const found = resolve(openApiDocument.components['schemas']?.[name]);
  if (found === undefined) throw new Error(`no schema ${name}`);
  return found;
}

function property(schemaName: string, ...path: string[]): JsonObject | undefined {
  return path.reduce<JsonObject | undefined>(
    (node, key) => resolve(asObject(node?.['properties'])?.[key]),
    schema(schemaName),
  );
}

describe('request limits', () => {
  it('bound templates to 8000 characters and lists to 1000 items', () => {
    expect(schema('TemplateBody')['maxLength']).toBe(REQUEST_LIMITS.templateMaxLength);
    expect(property('SendMessageRequest', 'content')?.['maxLength']).toBe(REQUEST_LIMITS.templateMaxLength);
    expect(schema('IdList')['maxItems']).toBe(REQUEST_LIMITS.maxItemsPerRequest);
    expect(property('AddLeadsRequest', 'leads')?.['maxItems']).toBe(REQUEST_LIMITS.maxItemsPerRequest);
    expect(property('BlockLeadsRequest', 'leads')?.['maxItems']).toBe(REQUEST_LIMITS.maxItemsPerRequest);
    expect(property('BlockCampaignLeadsRequest', 'publicIdentifiers')?.['maxItems']).toBe(
      REQUEST_LIMITS.maxItemsPerRequest,
    );
  });

  it('page with the documented default and maximum', () => {
    const limit = asObject(resolve(openApiDocument.components['parameters']?.['Limit'])?.['schema']);
    expect(limit).toMatchObject({
      default: REQUEST_LIMITS.defaultPageSize,
      maximum: REQUEST_LIMITS.maxPageSize,
    });
  });

  it('bound names, identifiers, reasons, URLs and variables as documented', () => {
    expect(schema('CampaignName')['maxLength']).toBe(REQUEST_LIMITS.nameMaxLength);
    expect(schema('PublicIdentifier')['maxLength']).toBe(REQUEST_LIMITS.publicIdentifierMaxLength);
    expect(schema('IdList')).toMatchObject({ items: { maxLength: REQUEST_LIMITS.idMaxLength } });
    expect(schema('WebhookUrl')['maxLength']).toBe(REQUEST_LIMITS.urlMaxLength);
    expect(schema('TimeZone')['maxLength']).toBe(REQUEST_LIMITS.timeZoneMaxLength);
    expect(schema('CustomVariables')).toMatchObject({
      maxProperties: REQUEST_LIMITS.customVariablesMaxCount,
      additionalProperties: { maxLength: REQUEST_LIMITS.customVariableValueMaxLength },
    });
    expect(schema('VariableName')['pattern']).toBe(VARIABLE_NAME_PATTERN.source);
    expect(schema('VariableName')['not']).toEqual({ enum: [...RESERVED_VARIABLE_NAMES] });
    expect(schema('IsoDateOrDateTime')['pattern']).toBe(ISO_DATE_YEAR_PATTERN.source);
    expect(schema('NetworkUrl')['pattern']).toBe(NETWORK_URL_PATTERN.source.replaceAll('\\/', '/'));
    expect(
      asObject(asObject(property('BlockLeadsRequest', 'leads')?.['items'])?.['properties'])?.['reason'],
    ).toMatchObject({
      maxLength: REQUEST_LIMITS.blockReasonMaxLength,
    });
  });

  it("list every limit of an account and leave its ceiling to the account's tier", () => {
    for (const key of LIMIT_KEYS) {
      for (const schemaName of ['AccountLimits', 'AccountLimitsInput', 'UpdateAccountLimitsRequest']) {
        expect(property(schemaName, key), `${schemaName}.${key}`).toMatchObject({ minimum: 0 });
        expect(property(schemaName, key)?.['maximum'], `${schemaName}.${key}`).toBeUndefined();
      }
    }
    expect(property('Step', 'delay')?.['maximum']).toBe(REQUEST_LIMITS.maxStepDelayDays);
    expect(property('CampaignSettings', 'invitationTimeoutDays')?.['maximum']).toBe(
      REQUEST_LIMITS.maxInvitationTimeoutDays,
    );
  });
});
