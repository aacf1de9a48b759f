import { describe, expect, it } from 'vitest';
import type { ComponentDescription, DictDefinition, PageDefinition, PermissionNode } from '../../src/generated/types.js';
import { buildPermissionTree, OTHER_PERMISSIONS, treeKeys } from '../../src/server/pages/permissionTree.js';
import { PageCatalog } from '../../src/server/pages/pageCatalog.js';
import { SchemaLibrary } from '../../src/server/schemas/schemaLibrary.js';

const dict: DictDefinition = {
  name: 'permissions',
  title: '权限键',
  items: [
    { value: 'work', label: '工作台' },
    { value: 'marks', label: '商标档案' },
    { value: 'exports', label: '导出记录' },
    { value: 'settings', label: '系统设置' },
    { value: 'users', label: '用户与配置' },
    { value: 'addTags', label: '添加标签' },
    { value: 'editMarks', label: '编辑商标' },
    { value: 'fields', label: '自定义字段设置' },
    { value: 'lonely', label: '没有页面的键' },
  ],
};

const component = (name: string, extra: Partial<ComponentDescription> = {}): ComponentDescription => ({
  name,
  title: name,
  group: '领域构件',
  kind: 'block',
  props: { type: 'object', properties: {} },
  example: { type: 'void', 'x-component': name },
  ...extra,
});

const components: ComponentDescription[] = [
  component('TagButton', { permissions: ['addTags'] }),
  component('FieldSettings', { props: { type: 'object', properties: { permission: { type: 'string', format: 'permission', default: 'fields' } } } }),
  component('GenericTable'),
];

const body = (properties: Record<string, unknown>) => ({ type: 'object', properties }) as PageDefinition['body'];

const pages: PageDefinition[] = [
  { path: '/system', title: '系统', menuKey: 'settings', order: 90 },
  { path: '/system/users', title: '用户', menuKey: 'users', parent: '/system', order: 1 },
  // The same key elsewhere in the menu: placed once, where the menu first meets it.
  { path: '/system/example', title: '示例', menuKey: 'users', parent: '/system', order: 9 },
  { path: '/deal', title: '工作台页', menuKey: 'work', order: 1 },
  { path: '/brand', title: '商标管理', menuKey: 'marks', order: 10 },
  {
    path: '/brand/record',
    title: '档案',
    menuKey: 'marks',
    parent: '/brand',
    order: 1,
    body: body({
      tags: { type: 'void', 'x-component': 'TagButton' },
      settings: { type: 'void', 'x-component': 'FieldSettings' },
      table: {
        type: 'void',
        'x-component': 'GenericTable',
        'x-component-props': {
          // A menu key on a button is no button of its own; an expression names no key.
          rowButtons: [
            { label: '编辑', permission: 'editMarks', dialog: { form: { type: 'object', properties: {} } } },
            { label: '看', permission: 'work' },
          ],
          headerButtons: [{ label: '?', permission: '{{ $user.key }}' }],
        },
      },
    }),
  },
  { path: '/brand/export', title: '导出记录页', menuKey: 'exports', parent: '/brand', order: 9, hidden: true },
  { path: '/memo', title: '备忘录', order: 3 },
  // Outside the menu: its keys are placed by no menu page.
  { path: '/login', title: '登录', public: true, body: body({ x: { type: 'void', 'x-permission': 'stray' } }) },
];

const shape = (nodes: PermissionNode[]): unknown[] =>
  nodes.map((n) => (n.children.length ? { [`${n.kind}:${n.key}:${n.title}`]: shape(n.children) } : `${n.kind}:${n.key}:${n.title}`));

describe('the permission tree', () => {
  it('follows the menu, puts each page’s button keys under its menu key, and gathers the rest under 其他权限', () => {
    expect(shape(buildPermissionTree({ pages, components, dict }))).toEqual([
      'menu:work:工作台',
      {
        'menu:marks:商标档案': ['button:addTags:添加标签', 'button:fields:自定义字段设置', 'button:editMarks:编辑商标', 'menu:exports:导出记录'],
      },
      { 'menu:settings:系统设置': ['menu:users:用户与配置'] },
      { [`group:${OTHER_PERMISSIONS}:其他权限`]: ['button:lonely:没有页面的键', 'button:stray:stray'] },
    ]);
  });

  it('takes a title from the page when the dictionary has none, and a prop given on the node over the component’s default', () => {
    const tree = buildPermissionTree({
      pages: [
        { path: '/new', title: '新页面', menuKey: 'brandNew' },
        {
          path: '/new/a',
          title: 'A',
          parent: '/new',
          body: body({ s: { type: 'void', 'x-component': 'FieldSettings', 'x-component-props': { permission: 'addTags' } } }),
        },
      ],
      components,
      dict: { ...dict, items: [] },
    });
    expect(shape(tree)).toEqual([{ 'menu:brandNew:新页面': ['button:addTags:addTags'] }]);
  });

  describe('from the schemas', () => {
    const catalog = PageCatalog.fromLibrary(SchemaLibrary.load());
    const dictKeys = (SchemaLibrary.load().files.find((f) => f.file === 'dicts/permissions.json')!.body as unknown as DictDefinition).items.map((i) =>
      String(i.value),
    );

    it('holds every key of the dictionary once, and nothing else', () => {
      const keys = treeKeys(catalog.permissionTree);
      expect(new Set(keys).size, '每个键只出现一次').toBe(keys.length);
      expect(
        keys.filter((k) => !dictKeys.includes(k)),
        '树中的键都应在 schemas/dicts/permissions.json 中',
      ).toEqual([]);
      expect(
        dictKeys.filter((k) => !keys.includes(k)),
        '字典中的键都应出现在树中',
      ).toEqual([]);
      expect(catalog.permissionKeys).toEqual(keys);
    });

    it('puts the tag and custom-field buttons under the trademark archive, and the system pages under 系统设置', () => {
      const byKey = new Map<string, PermissionNode>();
      const index = (nodes: PermissionNode[]) => nodes.forEach((n) => (byKey.set(n.key, n), index(n.children)));
      index(catalog.permissionTree);
      expect(byKey.get('trademark')!.children.map((c) => c.key)).toEqual(
        expect.arrayContaining(['tagsList', 'modifyLabel', 'addTags', 'delTags', 'brandCustomListSettings', 'exportRecords']),
      );
      expect(byKey.get('systemSettings')!.children.map((c) => c.key)).toEqual(['enterprise', 'userManagement', 'schemaDesigner']);
      expect(byKey.get('smartTools')!.children.map((c) => c.title)).toContain('商标查询');
    });
  });
});
