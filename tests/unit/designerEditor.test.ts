import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { pointerRange } from '../../src/designer/pointerRange.js';
import { editorSchema } from '../../src/designer/editorSchema.js';
import { filesOfKind, loadSchemaFiles } from '../../src/schemaSource/schemaFiles.js';
import type { ComponentDescription, DesignerEditorContextResponse } from '../../src/generated/types.js';

describe('the source editor', () => {
  it('marks the text a JSON pointer names, or its nearest existing ancestor', () => {
    const text = '{\n  "title": "备忘录",\n  "body": { "properties": { "list": { "x-component": "Nope" } } }\n}';
    const at = (pointer: string) => {
      const r = pointerRange(text, pointer)!;
      return text.slice(r.offset, r.offset + r.length);
    };
    expect(at('/body/properties/list/x-component')).toBe('"x-component": "Nope"');
    expect(at('/body/properties/list/x-component-props/operation')).toBe('"list": { "x-component": "Nope" }');
    expect(at('/title')).toBe('"title": "备忘录"');
  });

  it('validates and completes against the meta-schema with components, operations and permissions to pick from', () => {
    const files = loadSchemaFiles();
    const context: DesignerEditorContextResponse = {
      metaSchemas: Object.fromEntries(filesOfKind(files, 'meta').map((f) => [f.file, f.body])),
      components: filesOfKind(files, 'components').map((f) => f.body as unknown as ComponentDescription),
      operations: [{ id: 'memo.list', summary: '备忘列表' }],
      permissions: [{ value: 'workbench', label: '工作台' }],
      roles: [],
      dicts: {},
      users: [],
    };
    const schema = editorSchema('pages', context);
    const validate = new Ajv({ strict: false }).compile(schema);
    const page = (props: object, component = 'OperationList') => ({
      path: '/x',
      title: '页',
      body: { type: 'object', properties: { list: { type: 'void', 'x-component': component, 'x-component-props': props } } },
    });
    expect(validate(page({ operation: 'memo.list', titleField: 'content' }))).toBe(true);
    expect(validate(page({ operation: 'memo.nothing', titleField: 'content' }))).toBe(false);
    expect(validate(page({ operation: 'memo.list', titleField: 'content', colour: 'red' }))).toBe(false);
    expect(validate(page({}, 'NoSuchBlock'))).toBe(false);
  });
});
