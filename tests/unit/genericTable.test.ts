import { describe, expect, it } from 'vitest';
import { matchesCondition } from '../../src/runtime/blocks/table/rowCondition.js';
import { CELL_LIMITS, cellInputProblem, cellSaveBody, cellValue } from '../../src/runtime/blocks/table/cellEdit.js';
import { idsBody, permittedButtons, rowActions } from '../../src/runtime/blocks/table/tableButtons.js';
import { clampPage } from '../../src/runtime/blocks/table/paging.js';
import { optionLabel, optionList, optionValue } from '../../src/runtime/blocks/table/columnOptions.js';

const row = { id: 7, state: 1, read: false, owner: { name: '张三' }, note: null };

describe('row conditions', () => {
  it('compare a field, a dotted path, and treat a missing value as null', () => {
    expect(matchesCondition(row, { field: 'state', equals: 1 })).toBe(true);
    expect(matchesCondition(row, { field: 'state', equals: '1' })).toBe(false);
    expect(matchesCondition(row, { field: 'owner.name', equals: '张三' })).toBe(true);
    expect(matchesCondition(row, { field: 'missing', equals: null })).toBe(true);
    expect(matchesCondition(row, { field: 'note', equals: null })).toBe(true);
  });
  it('match one of a list, negate, and combine', () => {
    expect(matchesCondition(row, { field: 'state', in: [0, 1] })).toBe(true);
    expect(matchesCondition(row, { field: 'state', in: [2, 3] })).toBe(false);
    expect(matchesCondition(row, { not: { field: 'read', equals: true } })).toBe(true);
    expect(
      matchesCondition(row, {
        all: [
          { field: 'state', equals: 1 },
          { field: 'read', equals: true },
        ],
      }),
    ).toBe(false);
    expect(
      matchesCondition(row, {
        any: [
          { field: 'state', equals: 2 },
          { field: 'read', equals: false },
        ],
      }),
    ).toBe(true);
  });
  it('hold when there is no condition', () => {
    expect(matchesCondition(row, undefined)).toBe(true);
  });
});

describe('inline cell input', () => {
  it('refuses text past 50, long text past 200 and numbers past 20 characters', () => {
    expect(CELL_LIMITS).toEqual({ text: 50, longText: 200, number: 20 });
    expect(cellInputProblem('text', '法定代表人', '张'.repeat(50))).toBeNull();
    expect(cellInputProblem('text', '法定代表人', '张'.repeat(51))).toBe('法定代表人不能超过 50 个字符');
    expect(cellInputProblem('longText', '内容', 'a'.repeat(200))).toBeNull();
    expect(cellInputProblem('longText', '内容', 'a'.repeat(201))).toBe('内容不能超过 200 个字符');
    expect(cellInputProblem('number', '金额', '1'.repeat(20))).toBeNull();
    expect(cellInputProblem('number', '金额', '1'.repeat(21))).toBe('金额不能超过 20 个字符');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(cellInputProblem('text', '名称', '𠀀'.repeat(50))).toBeNull();
  });
  it('accepts only numbers in a number cell, or nothing', () => {
    expect(cellInputProblem('number', '邮编', '12a')).toBe('邮编只能填写数字');
    expect(cellInputProblem('number', '金额', '-12.50')).toBeNull();
    expect(cellInputProblem('number', '金额', '')).toBeNull();
  });
  it('sends numbers as numbers unless kept as text', () => {
    expect(cellValue('number', ' 42 ')).toBe(42);
    expect(cellValue('number', '')).toBeNull();
    expect(cellValue('number', '000123', 'string')).toBe('000123');
    expect(cellValue('text', ' 保留空格 ')).toBe(' 保留空格 ');
  });
  it('builds the save request with the id, the value and the row’s other fields, empty ones left out', () => {
    const enterprise = { id: 3, applicantName: '青禾', applicantType: 1, bookType: 1, postCode: null, legalPerson: '' };
    expect(
      cellSaveBody({ include: ['applicantName', 'applicantType', 'bookType', 'postCode', 'legalPerson'] }, enterprise, 'id', 'legalPerson', '王五'),
    ).toEqual({
      id: 3,
      applicantName: '青禾',
      applicantType: 1,
      bookType: 1,
      legalPerson: '王五',
    });
    expect(cellSaveBody({ idParam: 'memoId', param: 'text', body: { kind: 2 } }, { id: 9 }, 'id', 'content', '新')).toEqual({ kind: 2, memoId: 9, text: '新' });
  });
});

describe('table buttons', () => {
  const buttons = [
    { label: '编辑' },
    { label: '删除', permission: 'delete' },
    { label: '标为已读', visibleWhen: { field: 'read', equals: false } },
    { label: '归档', visibleWhen: { field: 'state', equals: 2 } },
    { label: '复制' },
    { label: '导出' },
  ];
  it('are shown only with their permission flag', () => {
    expect(permittedButtons(buttons, new Set()).map((b) => b.label)).not.toContain('删除');
    expect(permittedButtons(buttons, new Set(['delete'])).map((b) => b.label)).toContain('删除');
    expect(permittedButtons(undefined, new Set())).toEqual([]);
  });
  it('put the row’s buttons past the limit under 更多, with the dropdown items that apply', () => {
    const { shown, more } = rowActions(row, buttons, [{ label: '日志' }, { label: '恢复', visibleWhen: { field: 'state', equals: 0 } }], 3);
    expect(shown.map((b) => b.label)).toEqual(['编辑', '删除', '标为已读']);
    expect(more.map((b) => b.label)).toEqual(['复制', '导出', '日志']);
  });
  it('show every button when they fit', () => {
    const { shown, more } = rowActions({ read: true }, buttons.slice(0, 3), [], 3);
    expect(shown.map((b) => b.label)).toEqual(['编辑', '删除']);
    expect(more).toEqual([]);
  });
  it('send the selected ids as a list or joined', () => {
    expect(idsBody({ idsParam: 'ids' }, [1, 2, 3])).toEqual({ ids: [1, 2, 3] });
    expect(idsBody({ idsParam: 'key', idsFormat: 'join' }, [1, 2, 3])).toEqual({ key: '1,2,3' });
    expect(idsBody({ idsParam: 'key', idsFormat: 'join', separator: '#' }, ['a', 'b'])).toEqual({ key: 'a#b' });
  });
});

describe('select column options', () => {
  it('read both the map and the list form', () => {
    expect(optionList({ 0: '个人', 1: '法人或其他组织' })).toEqual([
      { value: '0', label: '个人' },
      { value: '1', label: '法人或其他组织' },
    ]);
    expect(optionLabel([{ value: 1, label: '中国大陆' }], '1')).toBe('中国大陆');
    expect(optionLabel({ 1: '中国大陆' }, 9)).toBe('9');
  });
  it('send a text key as a number when the row holds a number', () => {
    expect(optionValue({ value: '1', label: '法人' }, 0)).toBe(1);
    expect(optionValue({ value: '1', label: '法人' }, '0')).toBe('1');
    expect(optionValue({ value: true, label: '是' }, false)).toBe(true);
  });
});

describe('paging', () => {
  it('falls back to the last page when the rows of a later page are gone', () => {
    expect(clampPage(2, 10, 9)).toBe(1);
    expect(clampPage(3, 10, 25)).toBe(3);
    expect(clampPage(4, 10, 25)).toBe(3);
    expect(clampPage(2, 10, 0)).toBe(1);
  });
  it('never goes past the 10,000 rows the bar shows', () => {
    expect(clampPage(2000, 10, 50_000)).toBe(1000);
  });
});
