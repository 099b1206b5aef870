import type { LeadTag } from '@outreach/domain';

/**
 * Reads a lead's answer to a screener message and decides which tag, if any, the lead earns.
 * Asynchronous so that a model-backed analyser can replace the keyword one without touching the
 * runner.
 */
export interface ReplyAnalyser {
  analyse(reply: string): Promise<LeadTag | null>;
}
