import { describe, expect, it } from 'vitest';
import type { FieldRow } from '../../src/server/customFields/fieldDefinitions.js';
import { customCell, customColumnKey, customColumnNumFmt, customFieldIdOf } from '../../src/server/trademarks/exportCustomColumns.js';
import { exportColumns } from '../../src/server/trademarks/exportJob.js';

const field = (field_type: string, field_content: unknown = {}) => ({ id: 5, title: '字段', field_type, field_content }) as unknown as FieldRow;

describe('custom fields as export columns', () => {
  it('keeps their keys after the standard columns, and an empty choice of standard columns empty', () => {
    expect(exportColumns(['goods', 'appNo'], [customColumnKey(9), customColumnKey(4)])).toEqual(['appNo', 'goods', 'custom:9', 'custom:4']);
    expect(exportColumns([], ['custom:4'])).toEqual(['custom:4']);
    expect(exportColumns(undefined, ['custom:4'])).toHaveLength(19);
    expect(customFieldIdOf('custom:12')).toBe(12);
    expect(customFieldIdOf('tmName')).toBeNull();
    expect(customFieldIdOf('custom:x')).toBeNull();
  });

  it('writes each type as a person reads it', () => {
    expect(customCell(field('单行文本'), '核心')).toBe('核心');
    expect(customCell(field('单选', [{ cont: '高' }]), '高')).toBe('高');
    expect(customCell(field('多选', [{ cont: '甲' }, { cont: '乙' }]), ['甲', '乙'])).toBe('甲、乙');
    expect(customCell(field('日期', { 日期格式: 'y/m/d' }), '2031-05-06')).toBe('2031/05/06');
    expect(customCell(field('日期', { 日期格式: 'y/m/d w' }), '2031-05-06')).toBe('2031/05/06 星期二');
    expect(customCell(field('日期', { 日期格式: 'y/m/d h:i' }), '2031-05-06 09:30')).toBe('2031/05/06 09:30');
    expect(
      customCell(field('附件'), [
        { fileUrl: '1/a.pdf', fileName: '证书.pdf' },
        { fileUrl: '1/b.png', fileName: '图样.png' },
      ]),
    ).toBe('证书.pdf、图样.png');
    expect(customCell(field('单行文本'), '')).toBeNull();
    expect(customCell(field('多选'), [])).toBeNull();
  });

  it('writes numbers as numbers in the field’s format, and as text past what a spreadsheet keeps exactly', () => {
    const money = field('数字', { 数字格式: '人民币' });
    expect(customCell(money, '1234.5')).toBe(1234.5);
    expect(customColumnNumFmt(money)).toBe('"¥"#,##0.00');
    expect(customColumnNumFmt(field('数字'))).toBe('#,##0');
    expect(customColumnNumFmt(field('单行文本'))).toBeUndefined();
    expect(customCell(field('数字'), '12345678901234567890')).toBe('12,345,678,901,234,567,890');
    expect(customCell(field('数字'), '-0.25')).toBe(-0.25);
  });
});
