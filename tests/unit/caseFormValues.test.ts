import { describe, expect, it } from 'vitest';
import { addClass, addGood, classGoodsRows, removeGood } from '../../src/widgets/cases/classGoods.js';
import { coOwnerProblem, coOwnerRows } from '../../src/widgets/cases/coOwners.js';

describe('goods by class (parentCgInfo)', () => {
  it('reads a stored value in class order, dropping classes outside 1–45 and items without a name', () => {
    const rows = classGoodsRows([
      { tmCl: 35, goods: [{ name: '广告', groupNum: '3501', cgNum: '350001' }] },
      { tmCl: 9, goods: [{ name: '计算机' }, { groupNum: '0901' }] },
      { tmCl: 46, goods: [] },
      'nonsense',
    ]);
    expect(rows).toEqual([
      { tmCl: 9, goods: [{ name: '计算机' }] },
      { tmCl: 35, goods: [{ name: '广告', groupNum: '3501', cgNum: '350001' }] },
    ]);
    expect(classGoodsRows(null)).toEqual([]);
  });

  it('adds a class once, an item once per class, and removes an item', () => {
    let rows = addClass(addClass([], 35), 9);
    expect(addClass(rows, 9)).toBe(rows);
    expect(rows.map((r) => r.tmCl)).toEqual([9, 35]);
    rows = addGood(rows, 9, { name: ' 计算机 ', groupNum: '0901', cgNum: '090001' });
    rows = addGood(rows, 9, { name: '计算机' });
    rows = addGood(rows, 9, { name: '  ' });
    expect(rows[0]!.goods).toEqual([{ name: '计算机', groupNum: '0901', cgNum: '090001' }]);
    expect(removeGood(rows, 9, '计算机')[0]!.goods).toEqual([]);
  });
});

describe('co-owners (coOwnerInfo)', () => {
  it('reads rows and names what a row lacks', () => {
    const rows = coOwnerRows([{ name: '甲公司', address: '' }, { name: '', address: '北京' }, 3]);
    expect(rows).toHaveLength(2);
    expect(rows.map(coOwnerProblem)).toEqual(['请填写共有人地址', '请填写共有人名称']);
    expect(coOwnerProblem({ name: '甲公司', address: '上海' })).toBeNull();
  });
});
