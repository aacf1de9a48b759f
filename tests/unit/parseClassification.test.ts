import { describe, expect, it } from 'vitest';
import { parseClassification } from '../../src/server/classification/parseClassification.js';

/** A well-formed table: 45 classes, the first with two groups. */
function sample() {
  return Array.from({ length: 45 }, (_, i) => {
    const id = String(i + 1).padStart(2, '0');
    return {
      id,
      name: `第${i + 1}类`,
      type: 'class',
      remark: '',
      children:
        i === 0
          ? [
              {
                id: '0101',
                name: '工业气体',
                type: 'group',
                remark: '本类似群各部分之间商品不类似',
                children: [{ id: '010061', name: '氨', type: 'item', remark: '' }],
              },
              { id: '0102', name: '放射性元素', type: 'group', remark: '', children: [{ id: '010061', name: '氨 | 无水氨', type: 'item', remark: '' }] },
            ]
          : [],
    };
  });
}

describe('parseClassification', () => {
  it('flattens classes, groups and items in order; a code may recur in another group', () => {
    const table = parseClassification(sample());
    expect(table.classes).toHaveLength(45);
    expect(table.groups.map((g) => [g.groupNo, g.classNo, g.position])).toEqual([
      ['0101', 1, 0],
      ['0102', 1, 1],
    ]);
    expect(table.items.map((i) => [i.code, i.groupNo, i.name])).toEqual([
      ['010061', '0101', '氨'],
      ['010061', '0102', '氨 | 无水氨'],
    ]);
  });

  it('names the place of every flaw', () => {
    const bad = (mutate: (s: ReturnType<typeof sample>) => void) => {
      const s = sample();
      mutate(s);
      return () => parseClassification(s);
    };
    expect(() => parseClassification({})).toThrow('分类表格式有误（根）：应为分类的列表');
    expect(bad((s) => s.pop())).toThrow('应有 45 个分类，实际 44 个');
    expect(bad((s) => (s[3].id = '99'))).toThrow('第 4 个分类）：类号 99 应为 01–45');
    expect(bad((s) => (s[0].children[1].id = '0201'))).toThrow('类似群号 0201 应为以 01 开头的四位数字');
    expect(bad((s) => s[0].children[0].children.push({ id: '010061', name: 'x', type: 'item', remark: '' }))).toThrow(
      '类似群 0101 第 2 个商品）：商品编码 010061 在同一类似群中重复',
    );
  });
});
