import { describe, expect, it } from 'vitest';
import { breadcrumbOf, openMenuKeys } from '../../src/web/shell/breadcrumb.js';
import type { PageDefinition } from '../../src/generated/types.js';

const pages: PageDefinition[] = [
  { path: '/system', title: '系统设置' },
  { path: '/system/companyList', title: '我的企业', parent: '/system' },
  { path: '/system/companyList/detail', title: '企业详情', parent: '/system/companyList', hidden: true, activeMenu: '/system/companyList' },
];

describe('breadcrumb and open menu keys', () => {
  it('follows parents to the top', () => {
    expect(breadcrumbOf(pages, pages[2]).map((c) => c.title)).toEqual(['系统设置', '我的企业', '企业详情']);
    expect(breadcrumbOf(pages, undefined)).toEqual([]);
  });
  it('opens the submenus above the active entry', () => {
    expect(openMenuKeys(pages, pages[2])).toEqual(['/system']);
  });
  it('stops on a cycle of parents', () => {
    const looped: PageDefinition[] = [
      { path: '/a', title: 'A', parent: '/b' },
      { path: '/b', title: 'B', parent: '/a' },
    ];
    expect(breadcrumbOf(looped, looped[0]).map((c) => c.title)).toEqual(['B', 'A']);
  });
});
