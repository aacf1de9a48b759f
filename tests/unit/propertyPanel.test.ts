import { describe, expect, it } from 'vitest';
import type { ComponentDescription, FormilyNode } from '../../src/generated/types.js';
import { jsonProps, nodeToValues, panelSchema, valuesToNode } from '../../src/designer/visual/propertyPanel.js';
import { filesOfKind, loadSchemaFiles } from '../../src/schemaSource/schemaFiles.js';

const components = new Map(filesOfKind(loadSchemaFiles(), 'components').map((f) => [f.body.name as string, f.body as unknown as ComponentDescription]));
const choices = { operations: [{ id: 'user.list', summary: '用户列表' }], permissions: [{ value: 'workbench', label: '工作台' }], siblings: ['kind'] };

describe('the visual builder’s property panel', () => {
  it('generates a field per prop: operations and permissions to pick, lists of records as cards, richer values as JSON', () => {
    const table = components.get('GenericTable')!;
    const schema = panelSchema(table, { type: 'void', 'x-component': 'GenericTable' }, choices) as {
      properties: { props: { properties: Record<string, Record<string, unknown>> } };
    };
    const props = schema.properties.props.properties;
    expect(props.operation).toMatchObject({ 'x-component': 'Select', required: true, enum: [{ label: 'user.list（用户列表）', value: 'user.list' }] });
    expect(props.columns['x-component']).toBe('ArrayItems');
    expect(props.defaultPageSize['x-component']).toBe('NumberPicker');
    expect(props.body['x-component']).toBe('JsonText');
    expect(jsonProps(components.get('DialogFormButton')!, choices)).toEqual(expect.arrayContaining(['form', 'extra']));
  });

  it('offers the queries the page declares for a prop that names one', () => {
    const withQueries = { ...choices, queries: [{ name: 'brandArchive', title: '商标档案' }, { name: 'other' }] };
    const schema = panelSchema(components.get('FilterBar')!, { type: 'void', 'x-component': 'FilterBar' }, withQueries) as {
      properties: { props: { properties: Record<string, Record<string, unknown>> } };
    };
    expect(schema.properties.props.properties.channel).toMatchObject({
      'x-component': 'Select',
      enum: [
        { label: '商标档案（brandArchive）', value: 'brandArchive' },
        { label: 'other', value: 'other' },
      ],
    });
  });

  it('turns rules and linkage into Formily validators and reactions, and reads them back', () => {
    const node: FormilyNode = {
      type: 'string',
      title: '名称',
      'x-decorator': 'FormItem',
      'x-component': 'Input',
      'x-component-props': { placeholder: '请输入' },
    };
    const values = nodeToValues('name', node);
    const next = valuesToNode(node, {
      ...values,
      title: '商标名称',
      permission: 'workbench',
      rules: [
        { kind: 'required', message: '请输入商标名称' },
        { kind: 'maxLength', value: '50' },
      ],
      linkage: [{ field: 'kind', operator: 'equals', value: '文字', effect: 'visible' }],
      props: { ...values.props, allowClear: true },
    });
    expect(next).toEqual({
      type: 'string',
      title: '商标名称',
      required: true,
      'x-decorator': 'FormItem',
      'x-component': 'Input',
      'x-component-props': { placeholder: '请输入', allowClear: true },
      'x-permission': 'workbench',
      'x-validator': [{ required: true, message: '请输入商标名称' }, { maxLength: 50 }],
      'x-reactions': [{ dependencies: ['.kind'], fulfill: { state: { visible: '{{$deps[0] === "文字"}}' } } }],
    });
    const back = nodeToValues('name', next);
    expect(back.linkage).toEqual([{ field: 'kind', operator: 'equals', value: '文字', effect: 'visible' }]);
    expect(back.rules).toEqual([
      { kind: 'required', message: '请输入商标名称' },
      { kind: 'maxLength', value: '50', message: undefined },
    ]);
  });

  it('keeps reactions it cannot show, and the last parsable JSON prop', () => {
    const node: FormilyNode = { type: 'string', 'x-component': 'Input', 'x-reactions': { dependencies: ['a', 'b'], fulfill: { run: 'x()' } } };
    expect(valuesToNode(node, { ...nodeToValues('n', node), linkage: [] })['x-reactions']).toEqual(node['x-reactions']);
    const dialog: FormilyNode = { type: 'void', 'x-component': 'DialogFormButton', 'x-component-props': { extra: { a: 1 } } };
    const values = nodeToValues('d', dialog, ['extra']);
    expect(values.props.extra).toBe('{\n  "a": 1\n}');
    expect(valuesToNode(dialog, { ...values, props: { extra: '{ "a": ' } }, ['extra'])['x-component-props']).toEqual({ extra: { a: 1 } });
  });
});
