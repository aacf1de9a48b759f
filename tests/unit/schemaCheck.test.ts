import { describe, expect, it } from 'vitest';
import { collectSchemaProblems } from '../../src/schemaSource/schemaProblems.js';
import { operationsFromFiles } from '../../src/schemaSource/operationsFromFiles.js';
import { absolutiseRefs, filesOfKind, loadSchemaFiles, schemaId, type SchemaFile } from '../../src/schemaSource/schemaFiles.js';

const real = loadSchemaFiles();
/** Every file's problems, after checking that each added file checked alone (as a designer's save does) has the same ones. */
const problemsWith = (extra: SchemaFile[]) => {
  const files = [...real, ...extra];
  const operations = operationsFromFiles(filesOfKind(files, 'api'));
  const problems = collectSchemaProblems(files, operations);
  for (const f of extra) expect(collectSchemaProblems(files, operations, f.file)).toEqual(problems.filter((p) => p.file === f.file));
  return problems;
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

  it('checks props against the component’s description, including names inside props and nested forms', () => {
    const page = file('pages', 'props.json', {
      path: '/props',
      title: '属性',
      body: {
        type: 'object',
        properties: {
          table: {
            type: 'void',
            'x-component': 'GenericTable',
            'x-component-props': {
              operation: 'user.list',
              tableKey: 't',
              colour: 'red',
              columns: [{ prop: 'a', label: '甲', permission: 'noSuchKey', type: 'sparkline' }],
              rowButtons: [
                { label: '删除', operation: 'user.nothing' },
                {
                  label: '详情',
                  dialog: {
                    container: 'drawer',
                    title: '详情',
                    content: { type: 'void', properties: { d: { type: 'void', 'x-component': 'NoSuchDetails' } } },
                  },
                },
              ],
            },
          },
          dialog: {
            type: 'void',
            'x-component': 'DialogFormButton',
            'x-component-props': {
              label: '新增',
              title: '新增',
              operation: 'memo.save',
              form: { type: 'object', properties: { x: { type: 'string', 'x-component': 'NoSuchInput' } } },
            },
          },
          expression: { type: 'void', 'x-component': 'RouterLink', 'x-component-props': { to: '{{$query.back}}', newTab: '{{true}}' } },
          misplaced: { type: 'void', 'x-component': 'Input' },
          decorator: { type: 'string', 'x-decorator': 'Input', 'x-component': 'FormItem' },
        },
      },
    });
    const messages = problemsWith([page]).map((p) => `${p.at} ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        '/body/properties/table/x-component-props 不认识的属性 colour',
        '/body/properties/table/x-component-props/columns/0/permission 未知的权限键 noSuchKey',
        expect.stringMatching(/^\/body\/properties\/table\/x-component-props\/columns\/0\/type 取值只能是 /),
        '/body/properties/table/x-component-props/rowButtons/0/operation 未知的接口 user.nothing',
        '/body/properties/dialog/x-component-props/form/properties/x/x-component 未注册的组件 NoSuchInput',
        '/body/properties/table/x-component-props/rowButtons/1/dialog/content/properties/d/x-component 未注册的组件 NoSuchDetails',
        '/body/properties/misplaced/x-component Input 承载字段值，不能用在 void 节点上',
        '/body/properties/decorator/x-decorator Input 不是装饰器',
        '/body/properties/decorator/x-component FormItem 是装饰器，只能用在 x-decorator',
      ]),
    );
    expect(messages.filter((m) => m.includes('/expression/'))).toEqual([]);
  });

  it('finds a block naming a query its page does not declare, in the body and in schemas carried in props', () => {
    const page = file('pages', 'queries.json', {
      path: '/queries',
      title: '查询',
      body: {
        type: 'object',
        'x-queries': { marks: { title: '商标' } },
        properties: {
          filters: { type: 'void', 'x-component': 'FilterBar', 'x-component-props': { channel: 'marks' } },
          sort: { type: 'void', 'x-component': 'SortBar', 'x-component-props': { channel: 'marcs' } },
          table: {
            type: 'void',
            'x-component': 'GenericTable',
            'x-component-props': {
              operation: 'brandArchives.queryBrandPage',
              queryChannel: 'marks',
              columns: [{ prop: 'tmName', label: '商标名称' }],
              rowButtons: [
                {
                  label: '查看',
                  dialog: {
                    title: '查看',
                    content: {
                      type: 'void',
                      properties: { tag: { type: 'void', 'x-component': 'TagDrawerButton', 'x-component-props': { channel: 'other' } } },
                    },
                  },
                },
              ],
            },
          },
        },
      },
    });
    const messages = problemsWith([page]).map((p) => `${p.at} ${p.message}`);
    expect(messages.filter((m) => m.includes('没有声明查询'))).toEqual([
      '/body/properties/sort/x-component-props/channel 页面没有声明查询 marcs（在正文根节点的 x-queries 中声明）',
      expect.stringMatching(
        /^\/body\/properties\/table\/x-component-props\/rowButtons\/0\/dialog\/content\/properties\/tag\/x-component-props\/channel 页面没有声明查询 other/,
      ),
    ]);
  });

  it('finds a column without a header whose field the listed record does not name', () => {
    const table = (operation: string, columns: Record<string, unknown>[]) => ({
      type: 'void',
      'x-component': 'GenericTable',
      'x-component-props': { operation, tableKey: 'columns', columns },
    });
    const page = file('pages', 'columns.json', {
      path: '/columns',
      title: '列',
      body: {
        type: 'object',
        properties: {
          marks: table('brandArchives.queryBrandPage', [{ prop: 'tmName' }, { prop: 'appDate' }, { prop: 'nothing' }, { prop: 'extra', label: '额外' }]),
          other: table('auth.login', [{ prop: 'token' }]),
        },
      },
    });
    const messages = problemsWith([page])
      .filter((p) => p.file === 'pages/columns.json')
      .map((p) => `${p.at} ${p.message}`);
    expect(messages).toEqual([
      '/body/properties/marks/x-component-props/columns/2 列 nothing 没有列名，记录 Trademark 也没有这个字段的名称',
      '/body/properties/other/x-component-props/columns/0 列 token 没有列名，接口 auth.login 的行不是描述过的记录',
    ]);
  });

  it('checks each component description: its name, its props schema and its example', () => {
    const component = file('components', 'Misnamed.json', {
      name: 'Sparkline',
      title: '迷你图',
      group: '数据展示',
      kind: 'block',
      props: { type: 'object', additionalProperties: false, properties: { operation: { type: 'string', format: 'operation' } } },
      example: { type: 'void', 'x-component': 'Sparkline', 'x-component-props': { operation: 'nothing.here' } },
    });
    const messages = problemsWith([component]).map((p) => `${p.at} ${p.message}`);
    expect(messages).toContain('/name 构件名 Sparkline 与文件名不一致');
    expect(messages).toContain('/example/x-component-props/operation 未知的接口 nothing.here');
  });

  it('checks table descriptions (storage keywords, one description per table, x-table naming a described table) and value names', () => {
    const table = file('tables', 'broken.json', {
      table: 'sessions',
      description: '重复描述的表',
      tenant: true,
      columns: { id: { type: 'integer', 'x-sql': 'serial', 'x-default': 'yes' }, label: { description: '没有类型' } },
    });
    const entity = file('entities', 'broken.json', {
      title: 'Broken',
      description: '指向没有描述的表',
      'x-table': 'no_such_table',
      type: 'object',
      properties: {
        name: { title: '名称', type: 'string', 'x-column': 'display_name' },
        kind: { title: '种类', type: 'integer', enum: [0, 1], 'x-enum-titles': ['甲'] },
      },
    });
    const messages = problemsWith([table, entity]).map((p) => `${p.file} ${p.at ?? ''} ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^tables\/broken\.json \/columns\/id\/x-sql /),
        expect.stringMatching(/^tables\/broken\.json \/columns\/id\/x-default /),
        expect.stringMatching(/^tables\/broken\.json \/columns\/label /),
        'tables/broken.json  数据表 sessions 已由 schemas/tables/sessions.json 描述，一张表只能描述一次',
        'tables/broken.json  数据表 sessions 属于组织（tenant），必须有非空的整数列 org_id',
        'entities/broken.json /x-table 数据表 no_such_table 没有描述（实体的 x-storage 或 schemas/tables）',
        'entities/broken.json /properties/name x-column 只用在描述数据表（带 x-storage）的实体上',
        'entities/broken.json /properties/kind/x-enum-titles x-enum-titles 的个数与 enum 的值不一致',
      ]),
    );
  });
});
