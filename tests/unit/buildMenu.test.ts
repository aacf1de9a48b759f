import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../src/server/pages/buildMenu.js';
import type { PageDefinition } from '../../src/generated/types.js';

const pages: PageDefinition[] = [
  { path: '/login', title: '登录', public: true },
  { path: '/404', title: '页面不存在', inMenu: false },
  { path: '/deal', title: '工作台', menuKey: 'workbench', order: 1, affix: true },
  { path: '/system', title: '系统设置', menuKey: 'systemSettings', order: 9, redirect: '/system/companyList' },
  { path: '/system/userConfig', title: '用户与配置', menuKey: 'userManagement', parent: '/system', order: 2 },
  { path: '/system/companyList', title: '我的企业', menuKey: 'enterprise', parent: '/system', order: 1 },
  { path: '/system/companyList/detail', title: '企业详情', parent: '/system/companyList', hidden: true },
  { path: '/memo', title: '备忘录', order: 5 },
];

describe('buildMenu', () => {
  it('nests by parent and orders by order, keeping hidden pages flagged', () => {
    const menu = buildMenu(pages, new Set(['workbench', 'systemSettings', 'enterprise', 'userManagement']));
    expect(menu.map((e) => e.path)).toEqual(['/deal', '/memo', '/system']);
    const system = menu[2];
    expect(system.redirect).toBe('/system/companyList');
    expect(system.children.map((c) => c.path)).toEqual(['/system/companyList', '/system/userConfig']);
    expect(system.children[0].children[0].meta).toMatchObject({ title: '企业详情', isHide: true });
    expect(menu[0].meta).toMatchObject({ isAffix: true, menuKey: 'workbench' });
  });

  it('drops a page whose key the role lacks, and its children with it', () => {
    const menu = buildMenu(pages, new Set(['workbench', 'enterprise']));
    expect(menu.map((e) => e.path)).toEqual(['/deal', '/memo']);
  });

  it('leaves public and non-menu pages out', () => {
    const paths = JSON.stringify(buildMenu(pages, new Set(['workbench'])));
    expect(paths).not.toContain('/login');
    expect(paths).not.toContain('/404');
  });

  it('gives an external tool its configured address as isLink', () => {
    const tools: PageDefinition[] = [
      { path: '/dplsearch', title: 'D-Search', menuKey: 'dopplerSearch' },
      { path: '/tool/dplsearch1', title: '商标查询', parent: '/dplsearch', externalTool: 'dplsearch1' },
      { path: '/tool/dplsearch2', title: '批量查询', parent: '/dplsearch', externalTool: 'dplsearch2' },
    ];
    const [dpl] = buildMenu(tools, new Set(['dopplerSearch']), { dplsearch1: 'https://search.example/tm' });
    expect(dpl.children.map((c) => c.meta.isLink)).toEqual(['https://search.example/tm', '']);
  });
});
