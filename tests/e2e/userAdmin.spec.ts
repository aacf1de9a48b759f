import { expect, test, type Page } from './serverPerWorker.js';
import { callAsPage, openSignedIn } from './support.js';

async function pick(page: Page, field: ReturnType<Page['locator']>, option: string) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
}

test('an administrator adds a department and a user; the user changes the first password and sees what the role allows', async ({ page, browser }) => {
  const suffix = String(Date.now()).slice(-6);
  const department = `品牌推广部${suffix}`;
  const username = `e2e${suffix}`;

  await openSignedIn(page, 'corpAdmin', '/system/userConfig?tab=departments');
  await expect(page.getByRole('tab', { name: '部门', selected: true })).toBeVisible();
  const departments = page.locator('.ipm-generic-table').filter({ hasText: '法务与知识产权部' });
  // Other tests on this server may add departments of their own: the demo's is found by name.
  await expect(departments.locator('tbody tr.ant-table-row').filter({ hasText: '法务与知识产权部' })).toBeVisible();
  // A department's children open under it.
  await expect(departments.locator('tbody tr.ant-table-row').filter({ hasText: '商标组' })).toHaveCount(0);
  await departments.locator('tbody tr.ant-table-row').filter({ hasText: '法务与知识产权部' }).getByRole('button', { name: /展开/ }).click();
  await expect(departments.locator('tbody tr.ant-table-row').filter({ hasText: '商标组' })).toContainText('赵主管');
  await page.getByRole('button', { name: '新增部门' }).click();
  const addDepartment = page.getByRole('dialog', { name: '新增部门' });
  await addDepartment.getByLabel('部门名称').fill(department);
  await pick(page, addDepartment.locator('.ant-formily-item').filter({ hasText: '负责人' }).locator('.ant-select'), '赵主管');
  await addDepartment.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('部门已新增')).toBeVisible();
  await expect(departments.locator('tbody tr.ant-table-row').filter({ hasText: department })).toContainText('赵主管');
  await page.screenshot({ path: '/tmp/departments.png', fullPage: true });

  await page.getByRole('tab', { name: '用户', exact: true }).click();
  await expect(page).toHaveURL(/tab=users/);
  await page.getByRole('button', { name: '新增用户' }).click();
  const addUser = page.getByRole('dialog', { name: '新增用户' });
  await addUser.getByRole('button', { name: /确\s*定/ }).click();
  await expect(addUser.getByText('请输入账号')).toBeVisible();
  await addUser.getByLabel('账号').fill(username);
  await addUser.getByLabel('姓名').fill('吴推广');
  await addUser.getByLabel('手机号').fill(`139${suffix}00`);
  await pick(page, addUser.locator('.ant-formily-item').filter({ hasText: '角色' }).locator('.ant-select'), '员工');
  await addUser.locator('.ant-formily-item').filter({ hasText: '部门' }).first().locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(department, { exact: true }).click();
  await addUser.getByLabel('初始密码').fill('Start2026a');
  await addUser.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('用户已新增，请将账号与初始密码告知本人')).toBeVisible();
  const row = page.locator('.ipm-generic-table tbody tr.ant-table-row').filter({ hasText: username });
  await expect(row).toContainText('吴推广');
  await expect(row).toContainText(department);
  await expect(row).toContainText('待修改');
  await page.screenshot({ path: '/tmp/user-admin.png', fullPage: true });

  // The new user, in a browser of their own.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const newcomer = await context.newPage();
  await newcomer.goto('/login');
  await newcomer.getByPlaceholder('请输入账号').fill(username);
  await newcomer.getByPlaceholder('请输入密码').fill('Start2026a');
  await newcomer.getByPlaceholder('请输入密码').press('Enter');
  await expect(newcomer).toHaveURL('/firstPassword');
  await expect(newcomer.getByText('首次登录，请先修改管理员设置的初始密码')).toBeVisible();
  await newcomer.goto('/brandManage/brandRecord');
  await expect(newcomer).toHaveURL('/firstPassword');
  await newcomer.getByLabel('初始密码').fill('Start2026a');
  await newcomer.getByLabel('新密码', { exact: true }).fill('Mine2026b');
  await newcomer.getByLabel('确认新密码').fill('Mine2026b');
  await newcomer.screenshot({ path: '/tmp/first-password.png', fullPage: true });
  await newcomer.getByRole('button', { name: '修改密码并进入系统' }).click();
  await expect(newcomer).toHaveURL('/');
  await expect(newcomer.getByTestId('current-user')).toHaveText('吴推广');
  await expect(newcomer.getByRole('menuitem', { name: '商标管理' })).toBeVisible();
  await expect(newcomer.getByRole('menuitem', { name: '系统设置' })).toHaveCount(0);
  await newcomer.goto('/system/userConfig');
  await expect(newcomer).toHaveURL('/403');
  await context.close();

  await page.reload();
  await expect(row).toContainText('已修改');
});

test('deleting a user who still holds work asks who takes it over', async ({ page }) => {
  const suffix = String(Date.now()).slice(-6);
  await openSignedIn(page, 'admin', '/system/userConfig');
  const roles = await callAsPage(page, 'role.list', {});
  const enterprises = await callAsPage(page, 'enterprise.getList', { flatIs: true });
  const leaving = await callAsPage(page, 'user.save', {
    username: `leaving${suffix}`,
    name: `郑离职${suffix}`,
    phone: `137${suffix}00`,
    roleId: roles.list.find((r) => r.name === '代理机构')!.id,
    enterpriseIds: [enterprises.list[0]!.id],
    firstPassword: btoa('Start2026a'),
    encryptionType: 'base64',
  });
  await callAsPage(page, 'department.save', { name: `交接测试组${suffix}`, headUserId: leaving.id });
  await page.reload();

  const row = page.locator('.ipm-generic-table tbody tr.ant-table-row').filter({ hasText: leaving.username });
  await expect(row).toContainText(leaving.name);
  await row.getByRole('button', { name: /更多/ }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  const dialog = page.getByRole('dialog', { name: `删除用户：${leaving.name}` });
  await expect(dialog.getByText('负责的部门 1 项')).toBeVisible();
  await expect(dialog.getByText('负责的企业 1 项')).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/还有.*请选择交接人/)).toBeVisible();
  await pick(page, dialog.locator('.ant-formily-item').filter({ hasText: '交接人' }).locator('.ant-select'), '李代理');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('用户已删除；2 项工作已转给交接人')).toBeVisible();
  await expect(row).toHaveCount(0);
});
