import { describe, expect, it } from 'vitest';
import { collectSchemaProblems } from '../../generators/schemaProblems.js';
import { operationsFromFiles } from '../../generators/operations.js';
import { absolutiseRefs, filesOfKind, loadSchemaFiles, schemaId, type SchemaFile } from '../../src/server/schemaFiles.js';

const real = loadSchemaFiles();
const problemsWith = (extra: SchemaFile[]) => {
  const files = [...real, ...extra];
  return collectSchemaProblems(files, operationsFromFiles(filesOfKind(files, 'api')));
};
const file = (kind: SchemaFile['kind'], name: string, body: Record<string, unknown>): SchemaFile => {
  const path = `${kind}/${name}`;
  return { kind, file: path, id: schemaId(path), body: absolutiseRefs(body, schemaId(path)) };
};

describe('the schema check', () => {
  it('passes the schemas as they stand', () => {
    expect(problemsWith([])).toEqual([]);
  });

  it('finds a page that breaks its meta-schema, names a missing component, route, permission or operation', () => {
    const page = file('pages', 'broken.json', {
      path: '/broken',
      title: '坏页面',
      menuKey: 'noSuchKey',
      parent: '/nowhere',
      colour: 'red',
      body: {
        type: 'object',
        properties: {
          a: { type: 'void', 'x-component': 'NoSuchWidget' },
          b: { type: 'void', 'x-component': 'OperationForm', 'x-component-props': { operation: 'tm.nothing' } },
          c: { type: 'void', 'x-component': 'Text', 'x-permission': 'alsoMissing' },
        },
      },
    });
    const messages = problemsWith([page]).map((p) => `${p.at} ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('colour'),
        '/menuKey 未知的菜单键 noSuchKey',
        '/parent 指向不存在的路由 /nowhere',
        '/body/properties/a/x-component 未注册的组件 NoSuchWidget',
        '/body/properties/b/x-component-props/operation 未知的接口 tm.nothing',
        '/body/properties/c/x-permission 未知的权限键 alsoMissing',
      ]),
    );
  });

  it('finds an operation with a dangling $ref, an unknown permission or a taken path', () => {
    const api = file('api', 'broken.json', {
      domain: 'broken',
      title: '坏接口',
      operations: {
        one: {
          method: 'POST',
          path: '/loginPage/login',
          summary: '重复路径',
          permission: 'nobody',
          request: { type: 'object', additionalProperties: false, properties: {} },
          response: { $ref: '../entities/missing.json' },
        },
      },
    });
    const messages = problemsWith([api]).map((p) => `${p.at} ${p.message}`);
    expect(messages.some((m) => m.includes('/operations/one/response') && m.includes('missing.json'))).toBe(true);
    expect(messages).toContain('/operations/one/permission 未知的权限键 nobody');
    expect(messages.some((m) => m.includes('POST /loginPage/login 与 auth.login 重复'))).toBe(true);
  });
});
