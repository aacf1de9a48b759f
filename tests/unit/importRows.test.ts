import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, mapHeaders, type ImportCells } from '../../src/server/trademarks/importColumns.js';
import { DuplicateRows, existingIssue, parseClass, parseDate, splitGoods, validateRow, type RowContext } from '../../src/server/trademarks/importRows.js';
import { filterSummary, exportColumns } from '../../src/server/trademarks/exportJob.js';

const context: RowContext = {
  countryCode: (text) => ({ 中国: 'CN', 美国: 'US', US: 'US', 欧盟: 'EM' })[text] ?? null,
  goodsGroup: (cls, name) => (cls === 9 ? (({ 计算机: '0901', 智能手机: '0901' } as Record<string, string>)[name] ?? '') : ''),
};
const noClassification: RowContext = { ...context, goodsGroup: () => null };
const good: ImportCells = { tmName: '星辰', appNo: '12345678', tmCl: '9' };
const check = (cells: ImportCells, ctx = context) => validateRow(7, { ...good, ...cells }, ctx);
const only = (cells: ImportCells) => {
  const { mark, issues } = check(cells);
  expect(issues).toHaveLength(1);
  return { mark, issue: issues[0]! };
};

describe('one row of a portfolio import', () => {
  it('takes a minimal row with the defaults: China, single application', () => {
    const { mark, issues } = check({});
    expect(issues).toEqual([]);
    expect(mark).toMatchObject({
      rowNo: 7,
      countryCode: 'CN',
      appNo: '12345678',
      intCls: 9,
      tmName: '星辰',
      submitWay: '单一申请',
      appDate: null,
      regNo: null,
      goods: [],
    });
  });

  it('takes every column filled in, with dates written in any of the usual ways', () => {
    const { mark, issues } = check({
      country: '美国',
      applicant: '星辰日化',
      applicantAddress: '上海',
      appDate: '2020/1/2',
      prelimDate: '2020.06.01',
      regDate: '2020-09-01',
      privateEndDate: '2030-08-31',
      regNo: '998',
      tmStatus: '已注册',
      goods: '0901 计算机；智能手机',
      submitWay: '马德里国际注册',
      agent: '华信',
      remark: '备注',
    });
    expect(issues).toEqual([]);
    expect(mark).toMatchObject({
      countryCode: 'US',
      appDate: '2020-01-02',
      prelimDate: '2020-06-01',
      regDate: '2020-09-01',
      privateEndDate: '2030-08-31',
      regNo: '998',
      goods: [
        { code: '0901', name: '计算机' },
        { code: '0901', name: '智能手机' },
      ],
      submitWay: '马德里国际注册',
    });
  });

  it.each(['0', '46', '9.5', 'abc', '-1', '100'])('refuses the class %s', (tmCl) => {
    const { mark, issue } = only({ tmCl });
    expect(mark).toBeNull();
    expect(issue).toEqual({ rowNo: 7, column: '类别', level: 'error', message: `类别应为 1–45 的整数（填写的是“${tmCl}”）` });
  });

  it('takes the class written as 09 or 第9类', () => {
    expect(parseClass('09')).toBe(9);
    expect(parseClass('第9类')).toBe(9);
    expect(parseClass('45')).toBe(45);
    expect(parseClass('第 45 类')).toBe(45);
  });

  it('asks for the class, the application number and the name', () => {
    expect(only({ tmCl: '' }).issue.message).toBe('类别不能为空');
    expect(only({ appNo: '' }).issue).toEqual({ rowNo: 7, column: '申请号', level: 'error', message: '申请号不能为空' });
    expect(only({ tmName: '  ' }).issue).toMatchObject({ column: '商标名称', message: '商标名称不能为空' });
  });

  it('refuses an application number with other characters', () => {
    expect(only({ appNo: '1234 5678' }).issue).toMatchObject({ column: '申请号', level: 'error', message: expect.stringContaining('格式不正确') });
  });

  it.each([
    ['appDate', '申请日期', '2021年3月5日'],
    ['prelimDate', '初审公告日期', '20210305'],
    ['regDate', '注册日期', '05-03-2021'],
    ['privateEndDate', '专用权截止日期', 'soon'],
  ] as const)('refuses %s in another format', (key, header, value) => {
    expect(only({ [key]: value }).issue).toEqual({ rowNo: 7, column: header, level: 'error', message: `${header}格式应为 YYYY-MM-DD（填写的是“${value}”）` });
  });

  it('refuses a date that is not in the calendar', () => {
    expect(only({ appDate: '2021-02-30' }).issue).toMatchObject({ column: '申请日期', message: '申请日期“2021-02-30”不是有效的日期' });
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('2023-02-29')).toBeNull();
  });

  it('refuses dates out of order', () => {
    expect(only({ appDate: '2021-01-01', regDate: '2020-01-01' }).issue).toMatchObject({ column: '注册日期', message: '注册日期不能早于申请日期' });
    expect(only({ regDate: '2021-01-01', privateEndDate: '2020-01-01' }).issue).toMatchObject({
      column: '专用权截止日期',
      message: '专用权截止日期应晚于注册日期',
    });
  });

  it('refuses a country it does not know', () => {
    expect(only({ country: '火星' }).issue).toMatchObject({ column: '国家/地区', level: 'error', message: expect.stringContaining('国家/地区“火星”无法识别') });
  });

  it('refuses text longer than its column allows', () => {
    expect(only({ tmName: '星'.repeat(101) }).issue.message).toBe('商标名称不能超过 100 个字符');
    expect(only({ remark: '注'.repeat(501) }).issue.message).toBe('备注不能超过 500 个字符');
  });

  it('warns, without refusing the row, about goods the classification does not list', () => {
    const { mark, issue } = only({ goods: '计算机；量子烤面包机' });
    expect(issue).toEqual({ rowNo: 7, column: '商品/服务', level: 'warning', message: '商品/服务“量子烤面包机”不在第 9 类的分类表中，将按填写的内容保存' });
    expect(mark?.goods).toEqual([
      { code: '0901', name: '计算机' },
      { code: '', name: '量子烤面包机' },
    ]);
  });

  it('does not check goods when the classification has not been imported', () => {
    const { mark, issues } = check({ goods: '量子烤面包机' }, noClassification);
    expect(issues).toEqual([]);
    expect(mark?.goods).toEqual([{ code: '', name: '量子烤面包机' }]);
  });

  it('refuses a similar group of another class', () => {
    expect(only({ goods: '2501 服装' }).issue).toMatchObject({ column: '商品/服务', level: 'error', message: '类似群 2501 不属于第 9 类（商品/服务“服装”）' });
  });

  it('splits goods on full-width and ASCII semicolons, with or without group codes, once each', () => {
    expect(splitGoods('0901 计算机；0901：智能手机;  服装 ；；计算机')).toEqual([
      { code: '0901', name: '计算机' },
      { code: '0901', name: '智能手机' },
      { code: '', name: '服装' },
      { code: '', name: '计算机' },
    ]);
    expect(check({ goods: '计算机；计算机' }).mark?.goods).toHaveLength(1);
  });

  it('reports every problem of a row, not only the first', () => {
    const { mark, issues } = validateRow(3, { tmName: '', appNo: '', tmCl: '50', appDate: 'x' }, context);
    expect(mark).toBeNull();
    expect(issues.map((i) => i.column)).toEqual(['商标名称', '申请号', '类别', '申请日期']);
  });
});

describe('rows against each other and the archive', () => {
  it('refuses a later row naming the same mark, with the row it repeats', () => {
    const duplicates = new DuplicateRows();
    const first = validateRow(2, good, context).mark!;
    const again = validateRow(9, { ...good, appNo: good.appNo, tmCl: '第9类' }, context).mark!;
    const otherClass = validateRow(10, { ...good, tmCl: '10' }, context).mark!;
    expect(duplicates.check(first)).toBeNull();
    expect(duplicates.check(otherClass)).toBeNull();
    expect(duplicates.check(again)).toEqual({ rowNo: 9, column: '整行', level: 'error', message: '与第 2 行重复（申请号 12345678、第 9 类），本行不会导入' });
  });

  it('says what happens to a mark already in the archive', () => {
    const mark = validateRow(4, good, context).mark!;
    expect(existingIssue(mark, false)).toEqual({
      rowNo: 4,
      column: '申请号',
      level: 'warning',
      message: '档案中已有该商标（申请号 12345678、第 9 类），导入时按所选方式跳过或更新',
    });
    expect(existingIssue(mark, true).message).toContain('由他人负责，导入时将跳过');
  });
});

describe('the header row', () => {
  it('finds the columns by their text, in any order, forgiving marks of required columns', () => {
    const { columns, missing } = mapHeaders(['备注', '申请号*', '商标名称（必填）', ' 类别 ', '无关列']);
    expect(missing).toEqual([]);
    expect(columns).toEqual({ remark: 1, appNo: 2, tmName: 3, tmCl: 4 });
  });

  it('names the required columns that are missing', () => {
    expect(mapHeaders(['商标名称']).missing).toEqual(['申请号', '类别']);
  });

  it('keeps the template headers the spec names', () => {
    expect(IMPORT_COLUMNS.map((c) => c.header)).toEqual(
      expect.arrayContaining([
        '商标名称',
        '申请号',
        '类别',
        '国家/地区',
        '申请人',
        '申请人地址',
        '申请日期',
        '初审公告日期',
        '注册日期',
        '专用权截止日期',
        '商标状态',
        '商品/服务',
        '申请方式',
        '代理机构',
        '备注',
      ]),
    );
  });
});

describe('the export', () => {
  it('describes its filter in words', () => {
    expect(filterSummary({})).toBe('全部商标');
    expect(filterSummary({ pageNo: 2, pageSize: 20, sortField: 'app_date', sortType: 'desc' })).toBe('全部商标');
    expect(filterSummary({ tmName: '星辰', tmCl: [9, 25], countryCode: ['CN', 'EM'], source: [2], tmStatus: ['已注册', '申请中'] })).toBe(
      '商标名称：星辰；类别：第9类、第25类；国家/地区：中国、欧盟；来源：批量导入；商标状态：已注册、申请中',
    );
    expect(filterSummary({ appDateStart: '2020-01-01', searchType: 1, tmName: '星' })).toBe('申请日期起：2020-01-01；商标名称：星；精确查找');
    expect(filterSummary({ ownerUserId: 7 }, { owner: '王管理' })).toBe('负责人：王管理');
    expect(filterSummary({ ids: [1, 2, 3] })).toBe('商标：选中的 3 件');
    expect(filterSummary({ expiry: 'grace', tmCl: [3] })).toBe('到期提醒：宽展期内；类别：第3类');
    expect(filterSummary({ classes: { categories: ['9', '25'], groups: [], goods: [] } })).toBe('商品分类：第9类、第25类');
    expect(filterSummary({ classes: { categories: [], groups: [], goods: [] }, customFields: {} })).toBe('全部商标');
  });

  it('keeps the chosen columns in file order, all when none are chosen', () => {
    expect(exportColumns(['goods', 'appNo'])).toEqual(['appNo', 'goods']);
    expect(exportColumns(undefined)).toHaveLength(18);
  });
});
