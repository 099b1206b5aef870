import type { LeadImport as ApiLeadImport, LeadImportPart as ApiLeadImportPart } from '@outreach/contract';
import type { LeadImport, LeadImportPart } from '@outreach/db';
import { partDone } from '@outreach/domain';

export function toApiLeadImportPart(part: LeadImportPart, done: boolean): ApiLeadImportPart {
  return {
    label: part.part.kind === 'whole' ? null : part.part.label,
    filters: part.part.kind === 'filters' ? { ...part.part.filters } : null,
    total: part.total,
    importable: part.importable,
    capped: part.capped,
    fetched: part.fetched,
    done,
  };
}

export function toApiLeadImport(job: LeadImport): ApiLeadImport {
  return {
    id: job.id,
    campaignId: job.campaignId,
    accountId: job.accountId,
    source: job.source as ApiLeadImport['source'],
    dedupe: { ...job.dedupe },
    split: job.split === null ? null : ({ ...job.split } as ApiLeadImport['split']),
    status: job.status,
    total: job.total,
    importable: job.importable,
    capped: job.capped,
    fetched: job.fetched,
    added: job.added,
    skipped: { ...job.skipped },
    parts: job.parts.map((part, index) => toApiLeadImportPart(part, index < job.partIndex || partDone(part))),
    waitingForBudgetUntil: job.waitingForBudgetUntil?.toISOString() ?? null,
    cancelRequested: job.cancelRequestedAt !== null,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    error: job.error,
  };
}
