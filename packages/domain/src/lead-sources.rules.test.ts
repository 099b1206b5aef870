import { describe, expect, it } from 'vitest';
import {
  SEARCH_PAGE_SIZE_MAX,
  SEARCH_RESULTS_PER_DAY,
  SEARCH_RESULT_CAP,
  cappedCount,
  importableCount,
  searchPageSize,
} from './lead-sources.rules.js';

describe('search caps and budgets', () => {
  it('caps one search at 1,000 results on classic and 2,500 on Sales Navigator and Recruiter', () => {
    expect(SEARCH_RESULT_CAP).toEqual({ classic: 1000, sales_navigator: 2500, recruiter: 2500 });
    expect(importableCount('classic', 3400)).toBe(1000);
    expect(cappedCount('classic', 3400)).toBe(2400);
    expect(importableCount('sales_navigator', 2500)).toBe(2500);
    expect(cappedCount('sales_navigator', 2500)).toBe(0);
    expect(importableCount('recruiter', 120)).toBe(120);
    expect(cappedCount('recruiter', 120)).toBe(0);
    expect(importableCount('classic', -5)).toBe(0);
  });

  it('budgets 1,000 results a day on free and premium accounts, 2,500 with Sales Navigator or Recruiter', () => {
    expect(SEARCH_RESULTS_PER_DAY).toEqual({
      free: 1000,
      premium: 1000,
      sales_navigator: 2500,
      recruiter: 2500,
    });
  });
});

describe('page sizes', () => {
  it('keeps a page within 50 on classic and 100 on Sales Navigator and Recruiter', () => {
    expect(SEARCH_PAGE_SIZE_MAX).toEqual({ classic: 50, sales_navigator: 100, recruiter: 100 });
    expect(searchPageSize('classic', 100)).toBe(50);
    expect(searchPageSize('sales_navigator', 250)).toBe(100);
    expect(searchPageSize('recruiter', 30)).toBe(30);
    expect(searchPageSize('classic', 0)).toBe(1);
    expect(searchPageSize('classic', 12.7)).toBe(12);
  });

  it('asks for the largest page when no size is given', () => {
    expect(searchPageSize('classic')).toBe(50);
    expect(searchPageSize('sales_navigator', null)).toBe(100);
    expect(searchPageSize('recruiter', Number.NaN)).toBe(100);
  });
});
