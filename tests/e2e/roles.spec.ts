import type { Locator } from '@playwright/test';
import { expect, test } from './serverPerWorker.js';
import { callAsPage, openSignedIn } from './support.js';

const node = (tree: Locator, title: string) => tree.locator('.ant-tree-treenode').filter({ hasText: new RegExp(`^${title}`) });
const checkbox = (tree: Locator, title: string) => node(tree, title).locator('.ant-tree-checkbox');

test('an administrator creates a role on the permission tree, edits its keys and deletes it', async ({ page }) => {
  const name = `法务${Date.now() % 100000}`;
  await openSignedIn(page, 'corpAdmin', '/system/userConfig?tab=roles');
  const roles = page.locator('.ipm-generic-table').filter({ hasText: '新增角色' });
  await expect(roles.locator('tbody tr.ant-table-row').filter({ hasText: '员工' })).toBeVisible();

  await roles.getByRole('button', { name: '新增角色' }).click();
  const drawer = page.getByRole('dialog', { name: '新增角色' });
  await drawer.getByLabel('角色名称').fill(name);
  // A button key takes its page's menu key with it; the page, holding only part of its buttons, is half-checked.
  await checkbox(drawer, '添加标签').click();
  await expect(checkbox(drawer, '添加标签')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(checkbox(drawer, '商标档案')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await checkbox(drawer, '我的企业').click();
  await expect(drawer.getByText('已选 4 /')).toBeVisible();
  // The search keeps the matches and the nodes above them.
  await drawer.getByPlaceholder('搜索权限名称或键').fill('标签');
  await expect(node(drawer, '删除标签')).toBeVisible();
  await expect(node(drawer, '我的企业')).toHaveCount(0);
  await drawer.getByPlaceholder('搜索权限名称或键').fill('');
  await expect(node(drawer, '我的企业')).toBeVisible();
  await page.screenshot({ path: '/tmp/role-permission-tree.png' });
  await drawer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('角色已新增')).toBeVisible();
  await expect(drawer).toHaveCount(0);

  const rowOf = (role: string) => roles.locator('tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: role, exact: true }) });
  const row = rowOf(name);
  await expect(row).toBeVisible();
  await page.screenshot({ path: '/tmp/role-list.png' });
  const stored = async () => (await callAsPage(page, 'role.list', {})).list.find((r) => r.name === name)?.roleAuth;
  expect(await stored()).toBe('trademark,addTags,systemSettings,enterprise');

  // Editing starts from the role's keys.
  await row.getByRole('button', { name: '编辑权限' }).click();
  const editor = page.getByRole('dialog', { name: `编辑权限：${name}` });
  await expect(checkbox(editor, '我的企业')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(checkbox(editor, '系统设置')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await checkbox(editor, '添加标签').click();
  await checkbox(editor, '工作台').click();
  await editor.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/^权限已保存/)).toBeVisible();
  // 工作台 holds its sections' keys: the 待我审批 section's 提案 comes with it.
  await expect.poll(stored).toBe('workbench,demand,trademark,systemSettings,enterprise');

  // A copy takes a new name and the same keys.
  await row.getByRole('button', { name: '复制' }).click();
  const copying = page.getByRole('dialog', { name: `复制角色：${name}` });
  await expect(copying.getByLabel('新角色名称')).toHaveValue(name);
  await copying.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(`角色名称“${name}”已存在`)).toBeVisible();
  await copying.getByLabel('新角色名称').fill(`${name}副本`);
  await copying.getByRole('button', { name: /确\s*定/ }).click();
  await expect(rowOf(`${name}副本`)).toBeVisible();
  expect((await callAsPage(page, 'role.list', {})).list.find((r) => r.name === `${name}副本`)?.roleAuth).toBe(
    'workbench,demand,trademark,systemSettings,enterprise',
  );

  await row.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('角色已删除')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(rowOf(`${name}副本`)).toBeVisible();
});
