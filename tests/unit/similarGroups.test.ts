import { describe, expect, it } from 'vitest';
import { groupsNamedSimilar, similarGroupMap } from '../../src/shared/goodsGroups.js';

describe('similar groups named in the classification notes', () => {
  it('reads the groups a note calls similar, cross-searched or protected across, in other classes too', () => {
    expect(groupsNamedSimilar('0205', '本类似群与 0104 第（二十）部分，1912 商品类似。')).toEqual(['0104', '1912']);
    expect(groupsNamedSimilar('0201', '跨类似群保护商品：着色剂（0201，0202）。')).toEqual(['0202']);
    expect(
      groupsNamedSimilar('0114', '本类似群与 0102 第（五）部分儿茶，0104 第（一）部分五倍子类似，与第九版及以前版本 0104 第（一）部分苦味五倍子交叉检索'),
    ).toEqual(['0102', '0104']);
    expect(
      groupsNamedSimilar(
        '0306',
        '1.本类似群与 0301 第一、二自然段类似；\r\n2.跨类似群保护商品：个人或动物用除臭剂（0306，0309）；\r\n3.本类似群商品根据功能用途与 5 类含药物的相应商品类似。',
      ),
    ).toEqual(['0301', '0309']);
  });

  it('skips notes that say goods are not similar, and has no number that is not a group', () => {
    expect(groupsNamedSimilar('0101', '本类似群各部分之间商品不类似')).toEqual([]);
    expect(groupsNamedSimilar('0901', '本类似群与 0902 商品不类似；与 12345 无关')).toEqual([]);
  });

  it('links groups both ways and only to groups the classification has', () => {
    const map = similarGroupMap([
      { group_no: '0205', remark: '本类似群与 0104 第（二十）部分，1912 商品类似。' },
      { group_no: '0104', remark: '' },
      { group_no: '1912', remark: '' },
      { group_no: '0207', remark: '本类似群与 0205 虫胶类似，与 9999 类似' },
    ]);
    expect([...map.get('1912')!]).toEqual(['0205']);
    expect([...map.get('0205')!].sort()).toEqual(['0104', '0207', '1912']);
    expect(map.has('9999')).toBe(false);
  });
});
