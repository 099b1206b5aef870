import type { components } from '@outreach/client';

type CampaignStatus = components['schemas']['CampaignStatus'];

export const CAMPAIGN_STATUSES: CampaignStatus[] = ['draft', 'active', 'paused', 'completed', 'error'];

const TONES: Record<CampaignStatus, string> = {
  draft: 'neutral',
  active: 'good',
  paused: 'warn',
  completed: 'info',
  error: 'bad',
};

export function campaignTone(status: CampaignStatus): string {
  return TONES[status];
}

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
}
