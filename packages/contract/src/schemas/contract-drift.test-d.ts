/**
 * Proof that the check in `request-schemas.ts` catches drift in both directions. Each
 * `@ts-expect-error` below must meet a compile error, or `tsc` (the package's `typecheck`) fails:
 * if the check stopped seeing one of these mismatches, the build would say so. Type-only file: it
 * is checked by `tsc`, not run by vitest.
 */
import { LEAD_STATUSES } from '@outreach/domain';
import { z } from 'zod';
import { createCampaignBody } from './campaign.schema.js';
import type { AssertNoMismatch, ContractMismatches } from './contract-equality.js';
import type { paginationQuery } from './pagination.schema.js';
import type { requestSchemas, RequestSchemas } from './request-schemas.js';
import { updateVariantBody } from './sequence.schema.js';

type Replace<Id extends keyof RequestSchemas, Schemas> = Omit<RequestSchemas, Id> & Record<Id, Schemas>;

// The real map passes.
export type Passes = AssertNoMismatch<ContractMismatches<RequestSchemas>>;

// zod accepts a field the document does not have.
export const withExtraField = createCampaignBody.extend({ nickname: z.string().optional() });
type ExtraField = Replace<'createCampaign', { body: typeof withExtraField }>;
// @ts-expect-error createCampaign.body: differs from the document
export type CatchesExtraField = AssertNoMismatch<ContractMismatches<ExtraField>>;

// zod lacks a field the document has.
export const withoutField = createCampaignBody.omit({ customVariables: true });
type MissingField = Replace<'createCampaign', { body: typeof withoutField }>;
// @ts-expect-error createCampaign.body: differs from the document
export type CatchesMissingField = AssertNoMismatch<ContractMismatches<MissingField>>;

// A field the document requires is optional in zod.
export const allOptional = createCampaignBody.partial();
type OptionalField = Replace<'createCampaign', { body: typeof allOptional }>;
// @ts-expect-error createCampaign.body: differs from the document
export type CatchesOptionality = AssertNoMismatch<ContractMismatches<OptionalField>>;

// A field has another type.
export const numericName = createCampaignBody.extend({ name: z.number() });
type OtherType = Replace<'createCampaign', { body: typeof numericName }>;
// @ts-expect-error createCampaign.body: differs from the document
export type CatchesFieldType = AssertNoMismatch<ContractMismatches<OtherType>>;

// An enum has a value the document does not list.
export const extraStatus = z.strictObject({ status: z.enum([...LEAD_STATUSES, 'archived']) });
type ExtraEnumValue = Replace<
  'updateLeadStatus',
  { params: RequestSchemas['updateLeadStatus']['params']; body: typeof extraStatus }
>;
// @ts-expect-error updateLeadStatus.body: differs from the document
export type CatchesEnumValue = AssertNoMismatch<ContractMismatches<ExtraEnumValue>>;

// A field the document allows to be null is not nullable in zod.
export const notNullable = updateVariantBody.safeExtend({ icpDefinitionRaw: z.string().optional() });
type NotNullable = Replace<
  'updateVariant',
  { params: RequestSchemas['updateVariant']['params']; body: typeof notNullable }
>;
// @ts-expect-error updateVariant.body: differs from the document
export type CatchesNullability = AssertNoMismatch<ContractMismatches<NotNullable>>;

// A query parameter of the document has no schema (listCampaigns also takes status and search).
type PartialQuery = Replace<'listCampaigns', { query: typeof paginationQuery }>;
// @ts-expect-error listCampaigns.query: differs from the document
export type CatchesMissingQueryParameter = AssertNoMismatch<ContractMismatches<PartialQuery>>;

// A schema for a part the operation does not have.
type ExtraPart = Replace<
  'getCampaign',
  { params: RequestSchemas['getCampaign']['params']; body: typeof createCampaignBody }
>;
// @ts-expect-error getCampaign.body: the document has none
export type CatchesExtraPart = AssertNoMismatch<ContractMismatches<ExtraPart>>;

// An operation of the document without an entry.
type MissingOperation = Omit<RequestSchemas, 'performList'>;
// @ts-expect-error performList: no schemas
export type CatchesMissingOperation = AssertNoMismatch<ContractMismatches<MissingOperation>>;

// An entry for an operation the document does not have.
type UnknownOperation = RequestSchemas & {
  archiveCampaign: { params: typeof requestSchemas.getCampaign.params };
};
// @ts-expect-error archiveCampaign
export type CatchesUnknownOperation = AssertNoMismatch<ContractMismatches<UnknownOperation>>;
