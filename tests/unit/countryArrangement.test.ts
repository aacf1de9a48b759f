import { describe, expect, it } from 'vitest';
import type { CountryTreeNode } from '../../src/generated/types.js';
import { addCountries, addGroup, moveNode, placedCodes, removeNode, renameNode } from '../../src/widgets/countries/countryArrangement.js';

const node = (code: string, name: string, subList: CountryTreeNode[] = []): CountryTreeNode => ({ code, name, subList });
const tree = (): CountryTreeNode[] => [
  node('union', '地区组织', [node('EM', '欧盟'), node('BX', '比荷卢')]),
  node('asia', '亚洲', [node('JP', '日本'), node('KR', '韩国')]),
  node('US', '美国'),
];
const codes = (t: CountryTreeNode[] | null): unknown => t?.map((n) => (n.subList.length ? [n.code, codes(n.subList)] : n.code));

describe('editing the country arrangement', () => {
  it('moves a country into a group, before or after another node', () => {
    expect(codes(moveNode(tree(), 'US', 'asia', 'inside'))).toEqual([
      ['union', ['EM', 'BX']],
      ['asia', ['JP', 'KR', 'US']],
    ]);
    expect(codes(moveNode(tree(), 'KR', 'JP', 'before'))).toEqual([['union', ['EM', 'BX']], ['asia', ['KR', 'JP']], 'US']);
    expect(codes(moveNode(tree(), 'EM', 'US', 'after'))).toEqual([['union', ['BX']], ['asia', ['JP', 'KR']], 'US', 'EM']);
  });

  it('refuses to put anything inside a country or a group inside itself, and leaves the tree as it was', () => {
    const before = tree();
    expect(moveNode(before, 'JP', 'US', 'inside')).toBeNull();
    expect(moveNode(before, 'asia', 'JP', 'inside')).toBeNull();
    expect(moveNode(before, 'asia', 'asia', 'after')).toBeNull();
    expect(before).toEqual(tree());
  });

  it('refuses a fifth level', () => {
    let t: CountryTreeNode[] | null = tree();
    t = addGroup(t, '东亚', 'asia', 'east');
    t = addGroup(t!, '东北亚', 'east', 'northeast');
    t = moveNode(t!, 'JP', 'northeast', 'inside');
    expect(t).not.toBeNull();
    expect(addGroup(t!, '更深', 'northeast', 'deeper')).not.toBeNull();
    expect(addCountries(addGroup(t!, '更深', 'northeast', 'deeper')!, 'deeper', [{ code: 'CN', name: '中国' }])).toBeNull();
    expect(moveNode(t!, 'union', 'northeast', 'inside')).toBeNull();
  });

  it('adds, renames and removes groups; a blank name is refused', () => {
    const added = addGroup(tree(), '  美洲 ', null, 'america')!;
    expect(added.at(-1)).toEqual({ code: 'america', name: '美洲', subList: [] });
    expect(addGroup(tree(), '  ', null)).toBeNull();
    expect(renameNode(added, 'america', '北美洲')!.at(-1)!.name).toBe('北美洲');
    expect(renameNode(added, 'america', ' ')).toBeNull();
    expect(codes(removeNode(added, 'asia'))).toEqual([['union', ['EM', 'BX']], 'US', 'america']);
  });

  it('adds only countries not already placed, and frees the countries of a removed group', () => {
    const t = addCountries(tree(), 'asia', [
      { code: 'JP', name: '日本' },
      { code: 'CN', name: '中国' },
    ])!;
    expect(codes(t)).toEqual([['union', ['EM', 'BX']], ['asia', ['JP', 'KR', 'CN']], 'US']);
    expect(placedCodes(removeNode(t, 'asia'))).toEqual(new Set(['EM', 'BX', 'US']));
  });
});
