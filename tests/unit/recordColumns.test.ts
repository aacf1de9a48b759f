import { describe, expect, it } from 'vitest';
import { rowRecordOf, withRecordDefaults } from '../../src/runtime/blocks/table/recordColumns.js';

describe('a table column takes what it leaves out from the listed record', () => {
  const record = rowRecordOf('brandArchives.queryBrandPage', 'list');

  it('knows the record an operation lists', () => {
    expect(record).toBe('Trademark');
    expect(rowRecordOf('brandArchives.queryBrandPage', 'rows')).toBeUndefined();
  });

  it('takes the header from the field title, dates as dates, a closed list as options', () => {
    expect(withRecordDefaults({ prop: 'tmName' }, record)).toEqual({ prop: 'tmName', label: '商标名称' });
    expect(withRecordDefaults({ prop: 'appDate' }, record)).toEqual({ prop: 'appDate', label: '申请日期', type: 'date' });
    expect(withRecordDefaults({ prop: 'source' }, record)).toEqual({
      prop: 'source',
      label: '来源',
      type: 'select',
      options: { 0: '公有云同步', 1: '手动录入', 2: '批量导入', 3: '由案件生成' },
    });
  });

  it('keeps what the column says', () => {
    expect(withRecordDefaults({ prop: 'tmStatus', label: '状态', type: 'slot', slot: 'status' }, record)).toEqual({
      prop: 'tmStatus',
      label: '状态',
      type: 'slot',
      slot: 'status',
    });
  });

  it('falls back to the field name where no record tells', () => {
    expect(withRecordDefaults({ prop: 'x.y' }, record).label).toBe('x.y');
    expect(withRecordDefaults({ prop: 'tmName' }, undefined).label).toBe('tmName');
  });
});
