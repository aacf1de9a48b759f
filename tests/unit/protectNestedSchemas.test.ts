import { describe, expect, it } from 'vitest';
import { Schema, type ISchema } from '@formily/json-schema';
import { observable, isObservable } from '@formily/reactive';
import { protectNestedSchemas } from '../../src/runtime/protectNestedSchemas.js';
import type { FormilyNode } from '../../src/generated/types.js';

const content: FormilyNode = {
  type: 'void',
  properties: { details: { type: 'void', 'x-component': 'OperationDescriptions', 'x-component-props': { data: '{{$record}}', fields: [] } } },
};
const page: FormilyNode = {
  type: 'object',
  properties: {
    table: {
      type: 'void',
      'x-component': 'GenericTable',
      'x-component-props': {
        operation: 'enterprise.getList',
        tableKey: 't',
        title: '{{$user.name}}',
        columns: [],
        rowButtons: [
          { label: '详情', dialog: { container: 'drawer', title: '详情', content } },
          { label: '删除', operation: 'memo.delete' },
        ],
      },
    },
  },
};

describe('schemas carried in props', () => {
  it('keep their expressions for the scope they are rendered in, while the carrying node’s own props compile', () => {
    const table = protectNestedSchemas(page).properties!.table!;
    const compiled = new Schema(table as ISchema).compile({ $user: { name: '王管理' }, $record: { attachment: [] } });
    const props = compiled['x-component-props'] as { title: string; rowButtons: { dialog?: { content: FormilyNode } }[] };
    expect(props.title).toBe('王管理');
    const kept = props.rowButtons[0]!.dialog!.content;
    expect(kept.properties!.details!['x-component-props']).toEqual({ data: '{{$record}}', fields: [] });
    // Rendered later with the row in scope, the expression reads the row.
    const inner = new Schema(kept as ISchema).properties!.details!.compile({ $record: { applicantName: '杭州青禾食品有限公司' } });
    expect(inner['x-component-props']).toMatchObject({ data: { applicantName: '杭州青禾食品有限公司' } });
  });

  it('stay plain JSON: not made observable, serialised unchanged, the page itself untouched', () => {
    const protectedPage = protectNestedSchemas(page);
    const kept = (protectedPage.properties!.table!['x-component-props'] as { rowButtons: { dialog: { content: object } }[] }).rowButtons[0]!.dialog.content;
    const state = observable({ props: { content: kept } });
    expect(isObservable(state.props.content)).toBe(false);
    expect(JSON.parse(JSON.stringify(protectedPage))).toEqual(page);
    expect(Object.keys(kept)).toEqual(['type', 'properties']);
    expect(page.properties!.table!['x-component-props']).toHaveProperty('rowButtons.0.dialog.content', content);
  });
});
