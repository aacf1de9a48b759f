import { describe, expect, it } from 'vitest';
import { sampleFromSchema } from '../../src/server/schemas/sampleData.js';

const entity = {
  type: 'object',
  properties: { id: { type: 'integer', title: '编号' }, name: { type: 'string', title: '名称' }, state: { enum: ['已注册', '申请中'] } },
};
const resolve = (ref: string) => (ref === 'entity.json' ? entity : undefined);

describe('sample data for previews', () => {
  it('fills a paged reply with three rows named after their fields, and counts them', () => {
    const reply = sampleFromSchema(
      { type: 'object', properties: { list: { type: 'array', items: { $ref: 'entity.json' } }, count: { type: 'integer' } } },
      resolve,
    );
    expect(reply).toEqual({
      list: [
        { id: 1, name: '名称示例1', state: '已注册' },
        { id: 2, name: '名称示例2', state: '申请中' },
        { id: 3, name: '名称示例3', state: '已注册' },
      ],
      count: 3,
    });
  });

  it('keeps to formats, nullable types, constants and an unresolvable reference', () => {
    expect(sampleFromSchema({ type: 'string', format: 'date' }, resolve)).toBe('2026-01-15');
    expect(sampleFromSchema({ type: ['string', 'null'], title: '邮箱' }, resolve)).toBe('邮箱示例1');
    expect(sampleFromSchema({ const: 'fixed' }, resolve)).toBe('fixed');
    expect(sampleFromSchema({ $ref: 'missing.json' }, resolve)).toBeNull();
  });

  it('gives a field the values the page declares for it, row by row and typed like the field', () => {
    const rows = {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          items: { type: 'object', properties: { kind: { type: 'integer' }, flag: { type: 'boolean' }, code: { type: 'string' }, other: { type: 'integer' } } },
        },
      },
    };
    const reply = sampleFromSchema(rows, resolve, { kind: ['0', '1'], flag: ['true'], code: [7] }) as { list: Array<Record<string, unknown>> };
    expect(reply.list.map((r) => r.kind)).toEqual([0, 1, 0]);
    expect(reply.list.map((r) => r.flag)).toEqual([true, true, true]);
    expect(reply.list.map((r) => r.code)).toEqual(['7', '7', '7']);
    expect(reply.list.map((r) => r.other)).toEqual([1, 2, 3]);
    // A declared name that is an object or a list in the reply keeps its shape.
    expect(sampleFromSchema({ type: 'object', properties: { list: { type: 'array', items: { type: 'integer' } } } }, resolve, { list: [9] })).toEqual({
      list: [1, 2, 3],
    });
  });

  it('stops at a self-reference instead of recursing forever', () => {
    const node: Record<string, unknown> = { type: 'object', properties: { child: { $ref: 'self' } } };
    const deep = sampleFromSchema(node, () => node);
    expect(JSON.stringify(deep).length).toBeLessThan(500);
  });
});
