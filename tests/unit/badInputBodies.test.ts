import Ajv, { type Plugin as AjvPlugin } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { operationTable, sharedSchemas } from '../../src/generated/routes.js';
import type { JsonSchema } from '../../src/shared/operation.js';
import { AJV_OPTIONS, ANNOTATION_KEYWORDS } from '../../src/shared/schemaKeywords.js';
import { exampleOfPattern, RequestShape, schemaIndex } from '../api/support/badInput.js';

const index = schemaIndex(sharedSchemas);
const shapeOf = (request: JsonSchema, reference = () => undefined) => new RequestShape(request, { index, reference });

describe('bad request bodies derived from a request schema', () => {
  it('writes a text each pattern of the request schemas accepts', () => {
    expect(exampleOfPattern('^\\d+(,\\d+)*$')).toBe('1');
    expect(exampleOfPattern('^[0-9]+/[0-9]{6}/[0-9a-f]{64}\\.xlsx$')).toBe(`0/000000/${'0'.repeat(64)}.xlsx`);
    expect(exampleOfPattern('^(#[0-9a-fA-F]{6})?$')).toBe('');
    expect(exampleOfPattern('^\\s*(https?://\\S+)?\\s*$')).toBe('');
    const patterns = new Set<string>();
    JSON.stringify([...operationTable.map((op) => op.request), ...sharedSchemas], (key, value: unknown) => {
      if (key === 'pattern' && typeof value === 'string') patterns.add(value);
      return value;
    });
    expect(patterns.size).toBeGreaterThan(10);
    for (const pattern of patterns) expect(new RegExp(pattern, 'u').test(exampleOfPattern(pattern)), pattern).toBe(true);
  });

  it('starts every operation from a body its request schema accepts', () => {
    const ajv = new Ajv({ ...AJV_OPTIONS, keywords: [...ANNOTATION_KEYWORDS], schemas: sharedSchemas });
    (addFormats as unknown as AjvPlugin<unknown>)(ajv);
    for (const op of operationTable.filter((o) => o.transport === 'json')) {
      const validate = ajv.compile(op.request);
      const body = shapeOf(op.request).baseBody();
      expect(validate(body), `${op.id} ${JSON.stringify(body)} ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('changes one field at a time: missing, wrong type, out of range, too long, unstorable, another organisation’s row, markup', () => {
    const request = {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name'],
      properties: {
        id: { title: '商标', type: 'integer', minimum: 1, maximum: 9 },
        name: { title: '名称', type: 'string', maxLength: 80 },
        goodsItems: { title: '商品/服务项目', type: 'array', maxItems: 2, items: { $ref: 'https://schemas.ipm.local/entities/goods-item.json' } },
      },
    };
    const shape = shapeOf(request, ((_name: string, title: string) => (title === '商标' ? { own: 3, missing: 9, foreign: 7 } : undefined)) as never);
    expect(shape.baseBody()).toEqual({ id: 3, name: expect.stringMatching(/^t\d{3}$/) });
    const bodies = Object.fromEntries(shape.mutations().map((m) => [m.label, m.body]));
    expect(bodies['多余的字段']).toMatchObject({ unexpectedField: 1 });
    expect(bodies['id: 缺少']).toEqual({ name: expect.any(String) });
    expect(bodies['id: 类型不对']).toMatchObject({ id: '1' });
    expect(bodies['id: 超过上限']).toMatchObject({ id: 10 });
    expect(bodies['id: 不是整数']).toMatchObject({ id: 1.5 });
    expect(bodies['id: 其他组织的记录']).toMatchObject({ id: 7 });
    expect(bodies['name: 过长']).toMatchObject({ name: '长'.repeat(81) });
    expect(bodies['name: 含空字符']).toMatchObject({ name: expect.stringMatching(/\0$/) });
    expect(bodies['name: 标记与 SQL 样的文字']).toMatchObject({ name: expect.stringContaining("<img src=x onerror=alert(1)>' OR '1'='1'") });
    // A field of a shared schema inside an optional list: the list is filled in around it.
    expect(bodies['goodsItems.0.name: 缺少']).toMatchObject({ id: 3, goodsItems: [{ code: expect.any(String) }] });
    expect(bodies['goodsItems: 项数过多']).toMatchObject({ goodsItems: [{}, {}, {}].map(() => expect.objectContaining({ name: expect.any(String) })) });
    const titles = new Map(shape.sites.map((s) => [s.path.join('.'), s.title]));
    expect(titles.get('goodsItems.0')).toBe('商品/服务项目');
    expect(titles.get('goodsItems.0.name')).toBe('商品/服务名称');
  });
});
