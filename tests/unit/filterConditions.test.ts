import { describe, expect, it } from 'vitest';
import {
  chipKeys,
  clearedValue,
  conditionsFromUrl,
  conditionText,
  isEmptyCondition,
  resetConditions,
  withoutParams,
  othersOf,
} from '../../src/runtime/blocks/filterConditions.js';

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

describe('composite conditions (the class picker’s three lists)', () => {
  const none = { categories: [], groups: [], goods: [] };
  it('count as empty when every list is empty, so they are neither sent nor shown', () => {
    expect(isEmptyCondition(none)).toBe(true);
    expect(isEmptyCondition({ categories: ['9'], groups: [], goods: [] })).toBe(false);
    expect(chipKeys({ classes: none, countries: ['DE'] })).toEqual(['countries']);
  });
  it('clear and reset to the same shape with empty lists', () => {
    expect(clearedValue({ categories: [], groups: ['0901', '0902'], goods: [] })).toEqual(none);
    expect(resetConditions({ classes: { categories: ['9'], groups: [], goods: [] }, pageNo: 2 })).toEqual({ classes: none, pageNo: 2 });
  });
  it('read on a chip as the labels of the filled list', () => {
    const labels = new Map<unknown, string>([
      ['9', '第9类 科学仪器'],
      ['25', '第25类 服装鞋帽'],
      ['DE', '德国'],
    ]);
    const labelOf = (v: unknown) => labels.get(v) ?? String(v);
    expect(conditionText({ categories: ['9', '25'], groups: [], goods: [] }, labelOf)).toBe('第9类 科学仪器、第25类 服装鞋帽');
    expect(conditionText({ categories: [], groups: [], goods: ['计算机软件（已录制）'] }, labelOf)).toBe('计算机软件（已录制）');
    expect(conditionText(['DE', 'XX'], labelOf)).toBe('德国、XX');
    expect(conditionText(true, labelOf)).toBe('是');
  });
  it('reads the conditions an address gives: lists split on commas, numbers as numbers, empty values left out', () => {
    const fields = [
      { name: 'expiry', type: 'string' },
      { name: 'tmCl', type: 'array', itemType: 'integer' },
      { name: 'tmStatus', type: 'array', itemType: 'string' },
      { name: 'ownerUserId', type: 'integer' },
    ];
    expect(conditionsFromUrl(new URLSearchParams('expiry=grace&tmCl=3,%209，x&tmStatus=已注册&ownerUserId=7&keyword=星辰'), fields)).toEqual({
      expiry: 'grace',
      tmCl: [3, 9, 'x'],
      tmStatus: ['已注册'],
      ownerUserId: 7,
    });
    expect(conditionsFromUrl(new URLSearchParams('expiry=&keyword=星辰'), fields)).toBeNull();
    expect(conditionsFromUrl(new URLSearchParams(''), [])).toBeNull();
  });
  it('takes the used parameters out of the address and keeps the others', () => {
    expect(withoutParams('/brandManage/brandRecord', new URLSearchParams('expiry=grace'), ['expiry'])).toBe('/brandManage/brandRecord');
    expect(withoutParams('/brandManage/brandRecord', new URLSearchParams('expiry=grace&regNo=123'), ['expiry'])).toBe('/brandManage/brandRecord?regNo=123');
  });
});

describe('conditions another block of the query set', () => {
  it('keeps what the filter bar does not own, and lets the bar decide its own fields, emptied ones included', () => {
    const conditions = { groupId: 3, applicantName: '青禾', bookType: 1 };
    expect(othersOf(conditions, { applicantName: '云帆', bookType: undefined, applicantType: undefined })).toEqual({ groupId: 3 });
    expect(othersOf({}, { applicantName: '' })).toEqual({});
  });
});
