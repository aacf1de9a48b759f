import { describe, expect, it } from 'vitest';
import { checkNode, emptyLists, hasChanges, initialStates, stateOf, toggleNode, uncheckNode } from '../../src/shared/tagSelection.js';
import {
  addChild,
  addSibling,
  findNode,
  FIRST_VIEW,
  foldedAtFirstView,
  makeNode,
  nodeTips,
  removeNode,
  renameNode,
  subtreeIds,
  treeProblem,
} from '../../src/shared/brandMapTree.js';

const initial = initialStates({ selectAll: ['full'], partSelect: [{ nodeId: 'part', num: 2 }] });

describe('tag drawer tri-state lists (spec 001 §4)', () => {
  it('starts from the reply: all marks checked, some partial, the rest unchecked', () => {
    const lists = emptyLists();
    expect(stateOf('full', initial, lists)).toBe('checked');
    expect(stateOf('part', initial, lists)).toBe('partial');
    expect(stateOf('none', initial, lists)).toBe('unchecked');
    expect(hasChanges(lists)).toBe(false);
  });

  it('checking adds to the add list and takes the node off the delete list', () => {
    let lists = uncheckNode(emptyLists(), 'full', initial);
    expect(lists).toEqual({ add: [], del: ['full'] });
    lists = checkNode(lists, 'full');
    expect(lists).toEqual({ add: ['full'], del: [] });
    expect(checkNode(lists, 'full')).toEqual({ add: ['full'], del: [] });
  });

  it('unchecking a node that was fully or partly selected puts it on the delete list', () => {
    expect(uncheckNode(emptyLists(), 'part', initial)).toEqual({ add: [], del: ['part'] });
    expect(uncheckNode(emptyLists(), 'full', initial)).toEqual({ add: [], del: ['full'] });
  });

  it('unchecking a node no mark had only takes it off the add list', () => {
    const lists = checkNode(emptyLists(), 'none');
    expect(stateOf('none', initial, lists)).toBe('checked');
    expect(uncheckNode(lists, 'none', initial)).toEqual({ add: [], del: [] });
  });

  it('a click on a partial box checks it, a second click unchecks it into the delete list', () => {
    let lists = toggleNode(emptyLists(), 'part', initial);
    expect(stateOf('part', initial, lists)).toBe('checked');
    expect(lists).toEqual({ add: ['part'], del: [] });
    lists = toggleNode(lists, 'part', initial);
    expect(stateOf('part', initial, lists)).toBe('unchecked');
    expect(lists).toEqual({ add: [], del: ['part'] });
    expect(hasChanges(lists)).toBe(true);
  });
});

describe('knowledge map trees', () => {
  const tree = () => makeNode('r', '品牌', [makeNode('a', '主品牌', [makeNode('a1', '星辰')]), makeNode('b', '子品牌')]);

  it('adds siblings after a node and children at the end, never a sibling of the root', () => {
    const withSibling = addSibling(tree(), 'a', makeNode('c', '新'));
    expect(withSibling.children.map((c) => c.value)).toEqual(['a', 'c', 'b']);
    expect(addSibling(tree(), 'r', makeNode('x', '新'))).toEqual(tree());
    expect(addChild(tree(), 'a1', makeNode('d', '深')).children[0]!.children[0]!.children[0]!.label).toBe('深');
  });

  it('renames label and text together, removes whole subtrees but never the root', () => {
    const renamed = renameNode(tree(), 'a1', '星辰二');
    expect(findNode(renamed, 'a1')!.node).toEqual(makeNode('a1', '星辰二'));
    expect(subtreeIds(tree().children[0]!)).toEqual(['a', 'a1']);
    expect(subtreeIds(removeNode(tree(), 'a'))).toEqual(['r', 'b']);
    expect(removeNode(tree(), 'r')).toEqual(tree());
  });

  it('names a node by its path and finds what cannot be saved', () => {
    expect(nodeTips('品牌体系', findNode(tree(), 'a1')!.path)).toBe('品牌体系 / 主品牌 / 星辰');
    expect(treeProblem(tree())).toBeNull();
    expect(treeProblem(addChild(tree(), 'b', makeNode('a', '重复')))).toBe('节点编号重复：a');
    expect(treeProblem(renameNode(tree(), 'b', ' '))).toBe('节点名称不能为空');
    // 品牌 > 主品牌 > 星辰 is three levels; three more make six, a fourth is too deep.
    let deep = tree();
    let parent = 'a1';
    for (const id of ['d4', 'd5', 'd6']) deep = addChild(deep, parent, makeNode((parent = id), id));
    expect(treeProblem(deep)).toBeNull();
    expect(treeProblem(addChild(deep, 'd6', makeNode('d7', 'd7')))).toBe('图谱最多 6 层');
  });

  it('shows a small map whole and folds a large one below its second level', () => {
    expect(foldedAtFirstView(tree())).toEqual(new Set());
    // Two branches of 40 leaves each, one leaf holding a further level: 84 nodes in all.
    const branch = (id: string) =>
      makeNode(
        id,
        id,
        Array.from({ length: 40 }, (_, i) => makeNode(`${id}${i}`, `${id}${i}`)),
      );
    let large = makeNode('root', '根', [branch('x'), branch('y')]);
    large = addChild(large, 'x0', makeNode('x0a', 'x0a'));
    expect(subtreeIds(large).length).toBeGreaterThan(FIRST_VIEW.wholeUpTo);
    expect(foldedAtFirstView(large)).toEqual(new Set(['x', 'y', 'x0']));
  });
});
