import { describe, expect, it } from 'vitest';
import { goodsToText, textToGoods } from '../../src/widgets/trademarks/goodsText.js';
import { applyNoOf, markName } from '../../src/widgets/trademarks/trademarkText.js';
import { changedFields, formValuesOf, newMarkRequest } from '../../src/widgets/trademarks/trademarkEditForm.js';
import type { Trademark } from '../../src/generated/types.js';
import { checkDateOrder, columnChanges, isCalendarDate } from '../../src/server/trademarks/brandEdit.js';
import { detailGoods } from '../../src/server/trademarks/brandDetail.js';
import { parseApplyNo } from '../../src/server/trademarks/similarGoods.js';

describe('goods as editable text', () => {
  const goods = [
    { code: '0901', name: '计算机' },
    { code: '0901', name: '鼠标', mark: 2 as const },
    { code: '0903', name: '电池' },
  ];

  it('writes one similar group a line and reads it back, keeping deleted items deleted', () => {
    const text = goodsToText(goods);
    expect(text).toBe('0901 计算机；鼠标\n0903 电池');
    expect(textToGoods(text, goods)).toEqual(goods);
  });

  it('reads half-width separators, blank lines and lines without a group code', () => {
    expect(textToGoods('0901 计算机;键盘\n\n  服务咨询  ', [])).toEqual([
      { code: '0901', name: '计算机' },
      { code: '0901', name: '键盘' },
      { code: '', name: '服务咨询' },
    ]);
  });
});

describe('archive record edits', () => {
  it('accepts only real calendar days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-1')).toBe(false);
  });

  it('refuses dates that run backwards, naming both', () => {
    expect(() => checkDateOrder({ appDate: '2022-01-01', prelimDate: null, regDate: '2021-01-01', privateEndDate: null })).toThrow('注册日期不能早于申请日期');
    expect(() => checkDateOrder({ appDate: null, prelimDate: null, regDate: '2021-01-01', privateEndDate: '2020-01-01' })).toThrow(
      '专用权截止日期不能早于注册日期',
    );
    expect(() => checkDateOrder({ appDate: '2020-01-01', prelimDate: '2020-09-01', regDate: '2020-12-01', privateEndDate: '2030-11-30' })).not.toThrow();
  });

  it('maps fields to columns, with the name’s pinyin, and checks goods against the class', () => {
    const changes = columnChanges({ tmName: ' 星辰 ', regNo: '', tmCl: 9, goodsItems: [{ code: '0901', name: '计算机' }] }, 9);
    expect(changes).toMatchObject({ tm_name: '星辰', tm_name_pinyin: 'xingchen', reg_no: null, int_cls: 9 });
    expect(JSON.parse(changes.goods as string)).toEqual([{ code: '0901', name: '计算机' }]);
    expect(() => columnChanges({ goodsItems: [{ code: '2501', name: '服装' }] }, 9)).toThrow('商品/服务项目第 1 项的类似群 2501 不属于第 9 类');
    expect(() => columnChanges({ tmCl: 0 }, null)).toThrow('类别应为 1 到 45 之间的整数');
    expect(() => columnChanges({ appDate: '2024-13-01' }, null)).toThrow('申请日期不是有效的日期');
  });
});

describe('the trademark info form', () => {
  const mark = {
    id: 7,
    countryCode: 'CN',
    appNo: '30000001',
    regNo: null,
    tmCl: 9,
    tmName: '星辰',
    tmStatus: '已注册',
    submitWay: '单一申请',
    applicant: ' 星辰日化 ',
    announcementIssue: '1701',
    appDate: '2020-01-02',
    regDate: null,
    // Goods the form shows grouped: the items' order and a deleted item are not what the text shows.
    goodsItems: [
      { code: '0903', name: '电池' },
      { code: '0901', name: '计算机' },
      { code: '0901', name: '鼠标', mark: 2 },
    ],
    goodsItemsEn: [],
    goodServices: [],
    tmLogoUrl: '/tm/logo?design=12',
    customValues: { '3': '核心' },
  } as unknown as Trademark;

  it('sends nothing for a form left as it was loaded', () => {
    expect(changedFields(mark, formValuesOf(mark))).toEqual({});
  });

  it('sends only the field that changed, as the save call takes it', () => {
    expect(changedFields(mark, { ...formValuesOf(mark), tmName: '星辰新', remark: '  ' })).toEqual({ tmName: '星辰新' });
    expect(changedFields(mark, { ...formValuesOf(mark), regNo: ' 12345 ', appDate: null })).toEqual({ regNo: '12345', appDate: null });
  });

  it('sends the goods only when their text changed, keeping deleted items deleted', () => {
    const values = formValuesOf(mark);
    expect(changedFields(mark, { ...values, goodsText: `${values.goodsText}\n` })).toEqual({});
    expect(changedFields(mark, { ...values, goodsText: '0901 计算机；鼠标' })).toEqual({
      goodsItems: [
        { code: '0901', name: '计算机' },
        { code: '0901', name: '鼠标', mark: 2 },
      ],
    });
  });

  it('never sends a field the form does not hold', () => {
    const { announcementIssue: _issue, goodsTextEn: _en, countryCode: _country, ...held } = formValuesOf(mark);
    expect(changedFields(mark, held)).toEqual({});
  });

  it('gives a new mark its defaults and what was filled in', () => {
    const request = newMarkRequest({ ...formValuesOf(null), tmName: '手录', appNo: ' M1 ', tmCl: 3, goodsText: '0306 香水' });
    expect(request).toMatchObject({
      tmName: '手录',
      appNo: 'M1',
      tmCl: 3,
      countryCode: 'CN',
      submitWay: '单一申请',
      tmType: '普通商标',
      goodsItems: [{ code: '0306', name: '香水' }],
    });
  });
});

describe('detail and similar goods', () => {
  it('gives a foreign mark without goods one item for its class, and leaves others as they are', () => {
    expect(detailGoods({ goods: [], country_code: 'US', int_cls: 9 }, '科学仪器')).toEqual([{ code: '09', name: '第9类 科学仪器' }]);
    expect(detailGoods({ goods: [], country_code: 'CN', int_cls: 9 }, '科学仪器')).toEqual([]);
    expect(detailGoods({ goods: [{ code: '0901', name: '计算机' }], country_code: 'US', int_cls: 9 }, null)).toEqual([{ code: '0901', name: '计算机' }]);
  });

  it('forms and reads the similar-goods key from the registration number and class', () => {
    expect(applyNoOf({ regNo: '12700008', appNo: '12700008', tmCl: 34 })).toBe('12700008_34');
    expect(applyNoOf({ regNo: null, appNo: 'A1', tmCl: 3 })).toBe('A1_3');
    expect(applyNoOf({ regNo: 'R', appNo: 'A', tmCl: null })).toBeNull();
    expect(parseApplyNo('12700008_34')).toEqual({ regNo: '12700008', tmCl: 34 });
    expect(() => parseApplyNo('12700008_46')).toThrow('注册号与类别');
  });

  it('shows a renamed mark by its new name', () => {
    expect(markName({ tmName: '星辰', newTmName: '星辰新' })).toBe('星辰新');
    expect(markName({ tmName: '', newTmName: '' })).toBe('--');
  });
});
