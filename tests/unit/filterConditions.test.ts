import { describe, expect, it } from 'vitest';
import { chipKeys, clearedValue, resetConditions } from '../../src/runtime/blocks/filterConditions.js';

describe('filter conditions', () => {
  it('chips leave out empty values and internal keys', () => {
    const values = { name: '星辰', status: [], pinned: false, sortField: 'app_date', pageNo: 2, searchType: 1, country: ['CN'], note: '', extra: 'x' };
    expect(chipKeys(values, ['extra'])).toEqual(['name', 'country']);
  });
  it('clearing sets text to empty, booleans to false and lists to empty', () => {
    expect([clearedValue('a'), clearedValue(true), clearedValue(['x']), clearedValue(3)]).toEqual(['', false, [], undefined]);
  });
  it('reset keeps sort and paging and puts searchType back to 0', () => {
    expect(resetConditions({ name: '星辰', sortField: 'reg_date', sortType: 'desc', pageNo: 3, pageSize: 50, searchType: 2, all: true })).toEqual({
      name: '',
      sortField: 'reg_date',
      sortType: 'desc',
      pageNo: 3,
      pageSize: 50,
      searchType: 0,
      all: false,
    });
    expect(resetConditions({ name: 'x' })).toEqual({ name: '' });
  });
});
