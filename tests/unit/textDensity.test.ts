import { describe, expect, it } from 'vitest';
import { readsInSortOrder, TEXT_PLAN_LIMITS } from '../../src/server/trademarks/textDensity.js';

describe('reading a text search in sort order', () => {
  const halfMillion = 500_000;
  it('is chosen for a text in tens of thousands of marks, for the first pages', () => {
    expect(readsInSortOrder({ matches: 30_000, marks: halfMillion }, 20)).toBe(true);
    expect(readsInSortOrder({ matches: 470_000, marks: halfMillion }, 10_000)).toBe(true);
  });
  it('is not chosen for a text the planner expects in fewer marks than the limit, however deep the page', () => {
    expect(readsInSortOrder({ matches: TEXT_PLAN_LIMITS.denseMatches - 1, marks: halfMillion }, 20)).toBe(false);
    expect(readsInSortOrder({ matches: 0, marks: 0 }, 20)).toBe(false);
    expect(readsInSortOrder({ matches: 50, marks: 60 }, 20)).toBe(false);
  });
  it('gives way to looking up every match once a page lies so deep that reading up to it costs more', () => {
    // 30,000 of half a million: one mark in about 17; 20,000 marks read reach about the 1,200th match.
    expect(readsInSortOrder({ matches: 30_000, marks: halfMillion }, 1_100)).toBe(true);
    expect(readsInSortOrder({ matches: 30_000, marks: halfMillion }, 1_300)).toBe(false);
  });
  it('follows the limits it is given', () => {
    expect(readsInSortOrder({ matches: 3, marks: 40 }, 20, { denseMatches: 1, readBudget: Infinity })).toBe(true);
    expect(readsInSortOrder({ matches: 30_000, marks: halfMillion }, 20, { denseMatches: Infinity, readBudget: 0 })).toBe(false);
  });
});
