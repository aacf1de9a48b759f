import { describe, expect, it } from 'vitest';
import { sampleChoices } from '../../src/designer/sampleChoices.js';

describe('the values a page declares for its fields, for sample previews', () => {
  it('reads table columns’ options and form fields’ enums, the column winning where both name a field', () => {
    const page = {
      type: 'object',
      properties: {
        filters: {
          type: 'void',
          properties: {
            applicantType: {
              type: 'number',
              'x-component': 'Select',
              enum: [
                { label: '个人', value: 0 },
                { label: '其他', value: 9 },
              ],
            },
            state: { type: 'string', 'x-component': 'Select', enum: ['新建', '完成'] },
            level: { type: 'string', 'x-component': 'Select', 'x-component-props': { options: [{ label: '高', value: 'high' }] } },
            name: { type: 'string', 'x-component': 'Input' },
          },
        },
        table: {
          type: 'void',
          'x-component': 'GenericTable',
          'x-component-props': {
            columns: [
              { prop: 'applicantType', label: '申请人类型', type: 'select', options: { '0': '个人', '1': '法人或其他组织' } },
              {
                prop: 'owner.bookType',
                label: '书式类型',
                type: 'select',
                options: [
                  { value: 1, label: '中国大陆' },
                  { value: 2, label: '其他地区' },
                ],
              },
              { prop: 'applicantName', label: '申请人名称' },
            ],
          },
        },
      },
    };
    expect(sampleChoices(page)).toEqual({ applicantType: ['0', '1'], bookType: [1, 2], state: ['新建', '完成'], level: ['high'] });
  });

  it('finds fields inside a dialog’s form and declares nothing for a tree without choices', () => {
    const dialog = { properties: { add: { 'x-component-props': { form: { properties: { kind: { enum: [1, 2] } } } } } } };
    expect(sampleChoices(dialog)).toEqual({ kind: [1, 2] });
    expect(sampleChoices(null)).toEqual({});
    expect(sampleChoices({ properties: { empty: { enum: [] } } })).toEqual({});
  });
});
