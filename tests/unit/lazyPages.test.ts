import { describe, expect, it } from 'vitest';
import { appendPage, hasMorePages, nearBottom, nextPageNo } from '../../src/runtime/lazy/lazyPages.js';

describe('lazy pages', () => {
  it('loads more within 60px of the bottom, not before', () => {
    expect(nearBottom({ scrollTop: 0, scrollHeight: 1400, clientHeight: 240 })).toBe(false);
    expect(nearBottom({ scrollTop: 1099, scrollHeight: 1400, clientHeight: 240 })).toBe(false);
    expect(nearBottom({ scrollTop: 1100, scrollHeight: 1400, clientHeight: 240 })).toBe(true);
    expect(nearBottom({ scrollTop: 0, scrollHeight: 200, clientHeight: 240 })).toBe(true);
  });
  it('counts pages of 50 from 1 and stops at the total', () => {
    expect([nextPageNo(0), nextPageNo(50), nextPageNo(100)]).toEqual([1, 2, 3]);
    expect([hasMorePages(100, 110), hasMorePages(110, 110)]).toEqual([true, false]);
  });
  it('appends a page without repeating items already there', () => {
    expect(appendPage([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }], (x) => x.id)).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
  });
});
