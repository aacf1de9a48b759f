import { describe, expect, it } from 'vitest';
import type { FormilyNode } from '../../src/generated/types.js';
import { insertNode, moveNode, nodeAt, outline, removeNode, renameNode, uniqueKey, updateNode } from '../../src/designer/visual/schemaTree.js';

const text = (content: string): FormilyNode => ({ type: 'void', 'x-component': 'Text', 'x-content': content });
const page: FormilyNode = {
  type: 'object',
  properties: {
    title: text('标题'),
    card: { type: 'void', 'x-component': 'Card', properties: { a: text('甲'), b: text('乙') } },
    footer: text('页脚'),
  },
};
const keys = (node: FormilyNode | undefined) => Object.keys(node?.properties ?? {});

describe('visual builder tree edits', () => {
  it('inserts at a position and keeps the old tree untouched', () => {
    const next = insertNode(page, ['card'], 1, 'mid', text('中'));
    expect(keys(nodeAt(next, ['card']))).toEqual(['a', 'mid', 'b']);
    expect(keys(nodeAt(page, ['card']))).toEqual(['a', 'b']);
    expect(() => insertNode(page, ['card'], 0, 'a', text('重复'))).toThrow('a 已存在');
  });

  it('moves within a parent, across parents, and never into itself', () => {
    expect(keys(moveNode(page, ['footer'], [], 0))).toEqual(['footer', 'title', 'card']);
    expect(keys(moveNode(page, ['title'], [], 3))).toEqual(['card', 'footer', 'title']);
    const across = moveNode(page, ['card', 'a'], [], 1);
    expect(keys(across)).toEqual(['title', 'a', 'card', 'footer']);
    expect(keys(nodeAt(across, ['card']))).toEqual(['b']);
    expect(() => moveNode(page, ['card'], ['card'], 0)).toThrow('不能移到自己里面');
  });

  it('removes, renames in place, updates and finds free keys', () => {
    expect(keys(removeNode(page, ['card', 'a']).properties?.card)).toEqual(['b']);
    expect(keys(renameNode(page, ['card'], 'box'))).toEqual(['title', 'box', 'footer']);
    expect(nodeAt(updateNode(page, ['title'], text('新标题')), ['title'])?.['x-content']).toBe('新标题');
    expect(uniqueKey(page, 'title')).toBe('title2');
    expect(uniqueKey(page, 'table')).toBe('table');
  });

  it('lists the outline depth first in page order', () => {
    expect(outline(page).map((e) => `${e.depth}:${e.path.join('.')}`)).toEqual(['0:title', '0:card', '1:card.a', '1:card.b', '0:footer']);
  });
});
