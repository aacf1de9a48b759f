import { describe, expect, it } from 'vitest';
import { formProblems, problemText, type FormNode } from '../../src/shared/formRules.js';

const form: FormNode = {
  type: 'object',
  properties: {
    layout: {
      type: 'void',
      properties: {
        name: { type: 'string', title: '申请人名称', required: true, maxLength: 5 },
        code: { type: 'string', title: '信用代码', 'x-validator': [{ pattern: '^[0-9A-Z]{18}$', message: '应为 18 位' }] },
      },
    },
    grace: {
      type: 'string',
      title: '宽展期',
      enum: [
        { label: '否', value: 'no' },
        { label: '是', value: 'yes' },
      ],
    },
    hiddenField: { type: 'string', title: '隐藏', required: true, 'x-visible': false },
    owner: { type: 'object', title: '共有人', required: ['city'], properties: { city: { type: 'string', title: '城市' } } },
    items: { type: 'array', title: '商品', items: { type: 'object', properties: { qty: { type: 'number', title: '数量', minimum: 1 } } } },
  },
};

describe('the rules of a Formily form', () => {
  it('finds nothing wrong with values that keep every rule', () => {
    expect(formProblems(form, { name: '青禾', code: '91330106MA2H00000B', grace: 'no', owner: { city: '杭州' }, items: [{ qty: 2 }] })).toEqual([]);
  });

  it('names each field whose rule is broken, through layout nodes, objects and arrays', () => {
    const problems = formProblems(form, { name: '杭州青禾食品', code: '123', grace: 'maybe', owner: {}, items: [{ qty: 0 }] });
    expect(problems.map(problemText)).toEqual(['申请人名称不能超过 5 个字', '信用代码应为 18 位', '宽展期不在可选值中', '城市不能为空', '数量不能小于 1']);
    expect(problems.map((p) => p.path)).toEqual(['name', 'code', 'grace', 'owner.city', 'items.0.qty']);
  });

  it('asks for required fields that are empty, but not for hidden ones or optional empty ones', () => {
    expect(formProblems(form, { name: '  ' }).map(problemText)).toEqual(['申请人名称不能为空', '城市不能为空']);
    expect(formProblems({ type: 'object', properties: { a: { type: 'string', title: 'A', pattern: '^x$' } } }, {})).toEqual([]);
  });

  it('uses a rule’s own message for a required validator', () => {
    const schema: FormNode = {
      type: 'object',
      properties: { no: { type: 'string', title: '注册号', 'x-validator': { required: true, message: '请填写注册号' } } },
    };
    expect(formProblems(schema, {}).map((p) => p.message)).toEqual(['请填写注册号']);
  });

  it('checks a field that reactions may hide only when it has a value', () => {
    const schema: FormNode = {
      type: 'object',
      properties: {
        claim: { type: 'string', title: '要求优先权' },
        detail: {
          type: 'object',
          'x-reactions': { dependencies: ['.claim'], fulfill: { state: { visible: "{{$deps[0] === 'yes'}}" } } },
          properties: { date: { type: 'string', title: '优先权日期', required: true } },
        },
      },
    };
    expect(formProblems(schema, { claim: 'no' })).toEqual([]);
    expect(formProblems(schema, { claim: 'yes', detail: { no: '1' } }).map(problemText)).toEqual(['优先权日期不能为空']);
  });
});
