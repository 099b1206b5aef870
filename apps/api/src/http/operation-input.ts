import type { RequestSchemas } from '@outreach/contract';
import type { z } from 'zod';

export type OperationName = keyof RequestSchemas;

type PartOf<Id extends OperationName, Part extends string> =
  RequestSchemas[Id] extends Record<Part, infer Schema>
    ? Schema extends z.ZodType
      ? z.output<Schema>
      : never
    : undefined;

/** What an operation's request looks like once the contract's schemas parsed it. */
export interface OperationInput<Id extends OperationName> {
  params: PartOf<Id, 'params'>;
  query: PartOf<Id, 'query'>;
  body: PartOf<Id, 'body'>;
}

export type ParamsOf<Id extends OperationName> = OperationInput<Id>['params'];
export type QueryOf<Id extends OperationName> = OperationInput<Id>['query'];
export type BodyOf<Id extends OperationName> = OperationInput<Id>['body'];
