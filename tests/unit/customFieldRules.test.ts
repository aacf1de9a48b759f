import { describe, expect, it } from 'vitest';
import {
  choiceOptionsProblem,
  daysUntil,
  defaultContent,
  defaultOptions,
  formatDateValue,
  formatNumberValue,
  isFilterable,
  reminderDueAt,
  reminderPeople,
  valueProblem,
} from '../../src/shared/customFieldRules.js';
import { canPin, draftProblem, fullList, moveDraft, newDraft, removeDraft, sortBody, type FieldDraft } from '../../src/widgets/customFields/fieldDrafts.js';
import { autoFilledValues } from '../../src/server/customFields/fieldValues.js';
import type { FieldRow } from '../../src/server/customFields/fieldDefinitions.js';
import { collectSchemaProblems } from '../../src/schemaSource/schemaProblems.js';
import { operationsFromFiles } from '../../src/schemaSource/operationsFromFiles.js';
import { filesOfKind, loadSchemaFiles, schemaId, type SchemaFile } from '../../src/schemaSource/schemaFiles.js';

const options = (...names: string[]) => names.map((cont) => ({ cont, color: '#FFE7BA', value: '' }));

describe('custom field rules', () => {
  it('starts choice fields with three empty pastel options and refuses a list without a name', () => {
    expect(defaultOptions()).toHaveLength(3);
    expect(defaultOptions().every((o) => o.cont === '' && /^#[0-9A-F]{6}$/.test(o.color))).toBe(true);
    expect(defaultContent('单选')).toEqual(defaultOptions());
    expect(choiceOptionsProblem(defaultOptions())).toBe('请输入选项');
    expect(choiceOptionsProblem(options('高', ''))).toBeNull();
    expect(choiceOptionsProblem(options('高', '高'))).toBe('选项“高”重复');
  });

  it('keeps number and attachment fields out of filters', () => {
    expect(['单行文本', '多行文本', '单选', '多选', '日期'].every(isFilterable)).toBe(true);
    expect(isFilterable('数字')).toBe(false);
    expect(isFilterable('附件')).toBe(false);
  });

  it('checks values by type: limits 50, 200 and 20, options, number formats, real dates', () => {
    const field = (fieldType: string, content: unknown = {}) => ({ title: '字段', fieldType, content });
    expect(valueProblem(field('单行文本'), 'a'.repeat(50))).toBeNull();
    expect(valueProblem(field('单行文本'), 'a'.repeat(51))).toBe('字段不能超过 50 个字符');
    expect(valueProblem(field('多行文本'), '字'.repeat(201))).toBe('字段不能超过 200 个字符');
    expect(valueProblem(field('数字', { 数字格式: '人民币' }), '1'.repeat(21))).toBe('字段不能超过 20 个字符');
    expect(valueProblem(field('数字', { 数字格式: '整数' }), '1.5')).toBe('字段只能填写整数');
    expect(valueProblem(field('数字', { 数字格式: '1位小数' }), '1.55')).toBe('字段最多 1 位小数');
    expect(valueProblem(field('数字', { 数字格式: '2位小数' }), '-1.55')).toBeNull();
    expect(valueProblem(field('数字'), 'abc')).toBe('字段只能填写数字');
    expect(valueProblem(field('单选', options('高', '低')), '高')).toBeNull();
    expect(valueProblem(field('单选', options('高', '低')), '中')).toBe('字段没有选项“中”');
    expect(valueProblem(field('多选', options('高', '低')), ['高', '低'])).toBeNull();
    expect(valueProblem(field('多选', options('高', '低')), ['高', '高'])).toBe('字段的选项重复');
    expect(valueProblem(field('日期'), '2024-02-29')).toBeNull();
    expect(valueProblem(field('日期'), '2023-02-29')).toBe('字段不是有效的日期');
    expect(valueProblem(field('日期'), '2024-02-01 09:30')).toBeNull();
    expect(valueProblem(field('附件'), [{ fileUrl: '1/a.pdf', fileName: 'a.pdf' }])).toBeNull();
    expect(valueProblem(field('附件'), ['a.pdf'])).toBe('字段应为已上传的文件');
    // Empty clears, whatever the type.
    expect(valueProblem(field('单选', options('高')), '')).toBeNull();
  });

  it('computes reminder times in Beijing time, stepping months by the calendar', () => {
    expect(reminderDueAt('2026-03-10', '当天', '00:00')!.toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(reminderDueAt('2026-03-10', '提前1天', '09:00')!.toISOString()).toBe('2026-03-09T01:00:00.000Z');
    expect(reminderDueAt('2026-03-10', '提前2周', '23:00')!.toISOString()).toBe('2026-02-24T15:00:00.000Z');
    expect(reminderDueAt('2026-03-31', '提前1个月', '08:00')!.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(reminderDueAt('2026-01-15', '提前2个月', '08:00')!.toISOString()).toBe('2025-11-15T00:00:00.000Z');
    expect(reminderDueAt('2026-01-15 18:30', '提前1周', '08:00')!.toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(reminderDueAt('2026-01-15', '提前3天', '08:00')).toBeNull();
    expect(reminderDueAt('2026-01-15', '当天', '08:30')).toBeNull();
    expect(reminderPeople('3, 5,3,,x')).toEqual([3, 5]);
  });

  it('shows dates and numbers in the field’s format', () => {
    expect(formatDateValue('2026-03-10', 'y/m/d')).toBe('2026/03/10');
    expect(formatDateValue('2026-03-10', 'y/m/d w')).toBe('2026/03/10 星期二');
    expect(formatDateValue('2026-03-10 08:05', 'y/m/d h:i')).toBe('2026/03/10 08:05');
    expect(formatDateValue('2026-03-10', 'm/d')).toBe('03/10');
    expect(formatNumberValue('1234567.5', '人民币')).toBe('¥1,234,567.50');
    expect(formatNumberValue('-12', '美元')).toBe('$-12.00');
    expect(formatNumberValue('1234', '整数')).toBe('1,234');
    expect(formatNumberValue('3.14159', '1位小数')).toBe('3.1');
    expect(daysUntil('2026-03-10', '2026-03-01')).toBe(9);
    expect(daysUntil('2026-02-27', '2026-03-01')).toBe(-2);
  });
});

describe('the settings dialog’s rows', () => {
  const saved = (id: number, fieldTitle: string, isTop: 0 | 1 = 0): FieldDraft => ({
    ...newDraft(),
    key: `saved-${id}`,
    id,
    fieldTitle,
    name: fieldTitle,
    isTop,
  });

  it('removes a new row at once but only marks a saved row, which 保存 sends as delete', () => {
    const fresh = { ...newDraft(), fieldTitle: '新' };
    const rows = removeDraft(removeDraft([saved(1, '甲'), fresh], fresh.key), 'saved-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deleted).toBe(true);
    expect(fullList(rows)).toEqual([{ id: 1, delete: 1 }]);
    expect(fullList([fresh])[0]).not.toHaveProperty('id');
  });

  it('orders and pins saved rows for sortCustomField, at most five pinned', () => {
    const rows = [saved(1, '甲', 1), saved(2, '乙'), { ...newDraft(), fieldTitle: '新' }, saved(3, '丙', 1)];
    const moved = moveDraft(rows, 3, 0);
    expect(sortBody(1, moved)).toEqual({ fieldType: 1, ids: '3,1,2', isTop: '3,1' });
    expect(canPin(rows)).toBe(true);
    expect(canPin([1, 2, 3, 4, 5].map((id) => saved(id, `字段${id}`, 1)))).toBe(false);
  });

  it('asks for a name, distinct names and options before the editor closes', () => {
    const other = saved(1, '备注');
    expect(draftProblem({ ...newDraft(), fieldTitle: ' ' }, [other])).toBe('请输入字段名称');
    expect(draftProblem({ ...newDraft(), fieldTitle: '备注' }, [other])).toBe('字段名称“备注”已存在');
    expect(draftProblem({ ...newDraft('单选'), fieldTitle: '等级' }, [other])).toBe('请输入选项');
    expect(draftProblem({ ...newDraft('日期'), fieldTitle: '到期', content: { 日期格式: 'y/m/d', 设置期限提醒: true, 人员: '' } }, [])).toBe('请选择提醒人员');
  });
});

describe('field type files', () => {
  it('need a registered field component as their widget', () => {
    const real = loadSchemaFiles();
    const bad: SchemaFile = {
      kind: 'fields',
      file: 'fields/broken.json',
      id: schemaId('fields/broken.json'),
      body: { fieldType: '坏类型', name: 'broken', settings: { type: 'object' }, value: { type: 'string' }, widget: 'GenericTable' },
    };
    const missing: SchemaFile = { ...bad, file: 'fields/missing.json', id: schemaId('fields/missing.json'), body: { ...bad.body, widget: 'NoSuchEditor' } };
    const files = [...real, bad, missing];
    const problems = collectSchemaProblems(files, operationsFromFiles(filesOfKind(files, 'api'))).map((p) => `${p.file} ${p.message}`);
    expect(problems).toEqual(['fields/broken.json GenericTable 不是承载字段值的组件', 'fields/missing.json 未注册的组件 NoSuchEditor']);
    expect(
      filesOfKind(real, 'fields')
        .map((f) => f.body.fieldType)
        .sort(),
    ).toEqual(['单行文本', '单选', '多行文本', '多选', '日期', '数字', '附件'].sort());
  });
});

describe('auto-filled date fields', () => {
  it('fill the creation time in Beijing time for date fields set to 自动填写', () => {
    const row = (id: number, fieldType: string, content: unknown, deleted = false) =>
      ({ id, field_type: fieldType, field_content: content, deleted }) as FieldRow;
    const fields = [
      row(1, '日期', { 日期格式: 'y/m/d', 自动填写: true }),
      row(2, '日期', { 日期格式: 'y/m/d h:i', 自动填写: true }),
      row(3, '日期', { 日期格式: 'y/m/d', 自动填写: false }),
      row(4, '单行文本', {}),
      row(5, '日期', { 日期格式: 'y/m/d', 自动填写: true }, true),
    ];
    expect(autoFilledValues(fields, new Date('2026-03-09T17:30:00Z'))).toEqual({ 1: '2026-03-10', 2: '2026-03-10 01:30' });
  });
});
