import { describe, expect, it } from 'vitest';
import { mergeColumnSettings, moveColumn, parseColumnSettings } from '../../src/runtime/blocks/columnSettings.js';

const columns = [
  { prop: 'name', label: '名称' },
  { prop: 'status', label: '状态' },
  { prop: 'date', label: '日期', fixed: 'right' as const },
];

describe('column settings', () => {
  it('start as the schema has them', () => {
    expect(mergeColumnSettings(columns, null)).toEqual([
      { prop: 'name', isShow: true },
      { prop: 'status', isShow: true },
      { prop: 'date', isShow: true, fixed: 'right' },
    ]);
  });
  it('keep the user’s order and choices, add new columns at the end and forget removed ones', () => {
    const saved = [
      { prop: 'status', isShow: false },
      { prop: 'gone', isShow: true },
      { prop: 'name', isShow: true, fixed: 'left' as const },
    ];
    expect(mergeColumnSettings(columns, saved)).toEqual([
      { prop: 'status', isShow: false },
      { prop: 'name', isShow: true, fixed: 'left' },
      { prop: 'date', isShow: true, fixed: 'right' },
    ]);
  });
  it('move a column and ignore moves off the ends', () => {
    const s = mergeColumnSettings(columns, null);
    expect(moveColumn(s, 2, 0).map((c) => c.prop)).toEqual(['date', 'name', 'status']);
    expect(moveColumn(s, 0, -1)).toBe(s);
  });
  it('read saved text defensively', () => {
    expect(parseColumnSettings('not json')).toBeNull();
    expect(parseColumnSettings('{"a":1}')).toBeNull();
    expect(parseColumnSettings('[{"prop":"name","isShow":false},{"x":1}]')).toEqual([{ prop: 'name', isShow: false }]);
  });
});
