import { describe, expect, it } from 'vitest';
import {
  cancelAllUnder,
  descendantValues,
  filterTree,
  indexTree,
  readTree,
  selectAllUnder,
  selectionUnder,
} from '../../src/runtime/components/treeSelectAll/treeSelection.js';

const countryTree = [
  { code: 'regional', name: '地区组织与国际注册', subList: [{ code: 'EM', name: '欧盟', subList: [] }] },
  {
    code: 'europe',
    name: '欧洲',
    subList: [
      { code: 'DE', name: '德国', subList: [] },
      {
        code: 'west',
        name: '西欧',
        subList: [
          { code: 'FR', name: '法国', subList: [] },
          { code: 'BE', name: '比利时', subList: [] },
        ],
      },
    ],
  },
];
const names = { label: 'name', value: 'code', children: 'subList' };

describe('tree select-all', () => {
  it('reads any tree through field names; groups are arrangement only when asked', () => {
    const nodes = readTree(countryTree, names, false);
    expect(nodes.map((n) => [n.value, n.label, n.selectable])).toEqual([
      ['regional', '地区组织与国际注册', false],
      ['europe', '欧洲', false],
    ]);
    expect(descendantValues(nodes[1])).toEqual(['DE', 'FR', 'BE']);
    const open = readTree(countryTree, names, true);
    expect(descendantValues(open[1])).toEqual(['DE', 'west', 'FR', 'BE']);
    expect(readTree([{ label: '甲', value: 1 }])).toEqual([{ value: 1, label: '甲', selectable: true, children: [] }]);
  });

  it('全选 adds a branch after what was chosen, 取消全选 removes only that branch', () => {
    const [regional, europe] = readTree(countryTree, names, false);
    const west = europe.children[1];
    let selected: (string | number)[] = ['EM', 'FR'];
    expect(selectionUnder(selected, europe)).toBe('some');
    selected = selectAllUnder(selected, europe);
    expect(selected).toEqual(['EM', 'FR', 'DE', 'BE']);
    expect(selectionUnder(selected, europe)).toBe('all');
    expect(cancelAllUnder(selected, west)).toEqual(['EM', 'DE']);
    expect(cancelAllUnder(selected, europe)).toEqual(['EM']);
    expect(selectionUnder(cancelAllUnder(selected, regional), regional)).toBe('none');
  });

  it('indexes nodes by value and filters by label keeping ancestors', () => {
    const nodes = readTree(countryTree, names, false);
    expect(indexTree(nodes).get('BE')?.label).toBe('比利时');
    const found = filterTree(nodes, '法');
    expect(found.map((n) => n.value)).toEqual(['europe']);
    expect(found[0].children.map((n) => n.value)).toEqual(['west']);
    expect(found[0].children[0].children.map((n) => n.value)).toEqual(['FR']);
    expect(filterTree(nodes, '欧洲')[0].children).toHaveLength(2);
    expect(filterTree(nodes, '  ')).toBe(nodes);
  });
});
