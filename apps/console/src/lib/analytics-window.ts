import type { components } from '@outreach/client';
import { dateTime } from './format.js';

type AnalyticsWindow = components['schemas']['AnalyticsWindowUsed'];

/**
 * The window an analytics answer counted, in words, with where its start came from: without a
 * chosen start the API counts from the creation of the campaign (or workspace), at most 366 days.
 */
export function analyticsWindowText(window: AnalyticsWindow, origin: 'campaign' | 'workspace'): string {
  const span = `Counted from ${dateTime(window.startDate)} to ${dateTime(window.endDate)}`;
  switch (window.startFrom) {
    case 'query':
      return `${span}: the start you chose.`;
    case 'creation':
      return `${span}: since the ${origin} was created.`;
    case 'limit':
      return `${span}: the last 366 days, the longest window counted.`;
  }
}
