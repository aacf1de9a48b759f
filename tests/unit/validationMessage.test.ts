import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { describeValidationErrors } from '../../src/server/http/validationMessage.js';
import { fieldLabeller } from '../../src/server/http/fieldLabels.js';

const ajv = new Ajv({ allErrors: true, verbose: true });
const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'count'],
  properties: {
    name: { title: '商标名称', type: 'string', minLength: 1, maxLength: 5 },
    count: { title: '数量', type: 'integer', minimum: 1 },
    kind: { title: '类型', enum: ['a', 'b'] },
    code: { title: '邮政编码', type: 'string', pattern: '^\\d{6}$' },
    sortField: { title: '排序字段', type: 'string', pattern: '^(a|b)(,(a|b))*$', description: 'a、b 之一，或逗号连接的多个' },
  },
};
const validate = ajv.compile(schema);
const messageFor = (data: unknown) => {
  validate(data);
  return describeValidationErrors(validate.errors ?? []);
};

describe('validation messages name the field in Chinese', () => {
  it('names a missing field by its title', () => {
    expect(messageFor({ count: 1 })).toBe('请求参数有误：商标名称不能为空');
  });
  it('names an extra field', () => {
    expect(messageFor({ name: 'a', count: 1, hack: true })).toBe('请求参数有误：不允许的字段：hack');
  });
  it('explains wrong types, limits and choices', () => {
    expect(messageFor({ name: '', count: 'x' })).toBe('请求参数有误：商标名称不能为空；数量应为整数');
    expect(messageFor({ name: '一二三四五六', count: 0, kind: 'c' })).toBe('请求参数有误：商标名称不能超过 5 个字符；数量不能小于 1；类型的取值只能是：a、b');
  });
  it('says what a patterned field accepts when its description tells', () => {
    expect(messageFor({ name: 'a', count: 1, code: '12' })).toBe('请求参数有误：邮政编码格式不正确');
    expect(messageFor({ name: 'a', count: 1, sortField: 'a;drop' })).toBe('请求参数有误：排序字段格式不正确：应为a、b 之一，或逗号连接的多个');
  });
});

describe('validation messages name fields by the request schema', () => {
  const goodsItem = {
    $id: 'https://schemas.ipm.local/entities/goods-item.json',
    title: 'GoodsItem',
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { title: '商品/服务名称', type: 'string', maxLength: 3 } },
  };
  const request = {
    type: 'object',
    additionalProperties: false,
    properties: {
      goodsItems: { title: '商品/服务项目', type: 'array', items: { $ref: goodsItem.$id } },
      ids: { title: '被合并的商标', type: 'array', items: { type: 'integer', maximum: 10 } },
      values: { title: '自定义字段值', type: 'object', additionalProperties: { type: 'string' } },
    },
  };
  const withRefs = new Ajv({ allErrors: true, verbose: true, schemas: [goodsItem] });
  const check = withRefs.compile(request);
  const labelAt = fieldLabeller(request, (ref) => (ref === goodsItem.$id ? goodsItem : undefined));
  const messageOf = (data: unknown) => {
    check(data);
    return describeValidationErrors(check.errors ?? [], labelAt);
  };

  it('names a list item by its list, never by a shared schema’s type name or an index', () => {
    expect(messageOf({ goodsItems: ['x'] })).toBe('请求参数有误：商品/服务项目第 1 项应为对象');
    expect(messageOf({ ids: [1, 11] })).toBe('请求参数有误：被合并的商标第 2 项不能大于 10');
  });

  it('names a field of a shared schema, a missing one and an extra one by where they are', () => {
    expect(messageOf({ goodsItems: [{ name: '一二三四' }] })).toBe('请求参数有误：商品/服务名称不能超过 3 个字符');
    expect(messageOf({ goodsItems: [{}] })).toBe('请求参数有误：商品/服务名称不能为空');
    expect(messageOf({ goodsItems: [{ name: 'a', x: 1 }] })).toBe('请求参数有误：商品/服务项目第 1 项中不允许的字段：x');
  });

  it('names a key of a free-form object inside it', () => {
    expect(messageOf({ values: { 12: 3 } })).toBe('请求参数有误：自定义字段值中的 12应为文本');
    expect(labelAt(['values', '12'])).toBe('自定义字段值中的 12');
  });
});
