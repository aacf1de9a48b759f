import { expect, test } from './serverPerWorker.js';
import { openSignedIn } from './support.js';

test('a visitor applies for a trial on the home page; a platform operator opens it and the new administrator signs in', async ({ page, browser, baseURL }) => {
  const suffix = String(Date.now()).slice(-6);
  const username = `trial${suffix}`;
  const visitor = await browser.newContext({ baseURL });
  const home = await visitor.newPage();
  await home.goto('/');
  await home.getByRole('button', { name: '申请试用' }).click();
  const form = home.getByRole('dialog', { name: '申请试用' });
  await form.getByLabel('单位名称').fill(`温州鹿城试用鞋业${suffix}`);
  await form.getByLabel('联系人').fill('陈晓');
  await form.getByLabel('手机号').fill(`136${suffix}00`);
  await form.getByLabel('希望使用的账号').fill(username);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(home.getByText('申请已提交：审核通过后将以短信告诉您账号与初始密码')).toBeVisible();

  await openSignedIn(page, 'admin', '/system/userConfig');
  await page.getByRole('link', { name: '试用申请' }).click();
  await expect(page).toHaveURL('/system/trialApplications');
  const row = page.locator('.ipm-generic-table tbody tr.ant-table-row').filter({ hasText: username });
  await expect(row).toContainText('待审核');
  await row.getByRole('button', { name: '开通', exact: true }).click();
  const approve = page.getByRole('dialog', { name: `开通试用：温州鹿城试用鞋业${suffix}` });
  await approve.getByLabel('初始密码').fill('Trial2026a');
  await approve.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(`已开通，管理员账号 ${username}`)).toBeVisible();
  await expect(row).toContainText('已开通');

  await home.goto('/login');
  await home.getByPlaceholder('请输入账号').fill(username);
  await home.getByPlaceholder('请输入密码').fill('Trial2026a');
  await home.getByPlaceholder('请输入密码').press('Enter');
  await expect(home).toHaveURL('/firstPassword');
  await visitor.close();
});

test('someone who is not a platform operator cannot see trial applications', async ({ page }) => {
  await openSignedIn(page, 'corpAdmin', '/system/userConfig');
  await expect(page.getByRole('tab', { name: '用户', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '试用申请' })).toHaveCount(0);
  await page.goto('/system/trialApplications');
  await expect(page.getByText('只有平台运营人员可以审核试用申请')).toBeVisible();
});
