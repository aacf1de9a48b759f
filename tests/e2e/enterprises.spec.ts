import { expect, test } from './serverPerWorker.js';
import { openSignedIn, storedUser } from './support.js';

const TEMPORARY = '临安山泉饮品有限公司';

test('my enterprises: a personal applicant shows by name; 详情 opens its page; 编辑 sends only what changed; 删除 asks first', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/companyList');
  const table = page.locator('.ipm-generic-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);

  // The stored form 周明--地址 is not what a person reads: the name column shows the name only.
  const zhou = rows.filter({ hasText: '周明' });
  await expect(zhou.locator('td').nth(2)).toHaveText('周明');
  await expect(zhou).toContainText('上海市徐汇区漕溪北路 12 号');
  await expect(table.getByText('周明--')).toHaveCount(0);

  await zhou.getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/system\/companyList\/detail\?id=\d+$/);
  const detail = page.locator('.ant-descriptions');
  await expect(detail.locator('.ant-descriptions-item').filter({ hasText: '申请人名称' })).toContainText('周明');
  await expect(detail.locator('.ant-descriptions-item').filter({ hasText: '申请人类型' })).toContainText('个人');
  await expect(detail.locator('.ant-descriptions-item').filter({ hasText: '申请人地址' })).toContainText('上海市徐汇区漕溪北路 12 号');
  await expect(detail.locator('.ant-descriptions-item').filter({ hasText: '所属分组' })).toContainText('未分组');
  await page.screenshot({ path: '/tmp/admin-enterprise-detail.png' });
  await page.getByRole('link', { name: '返回我的企业' }).click();
  await expect(page).toHaveURL('/system/companyList');

  // An enterprise of this test's own, removed again at the end.
  const { token } = await storedUser(page);
  const created = await page.request.post('/enterPrise/saveInfo', {
    headers: { token },
    data: { applicantType: 1, bookType: 1, applicantName: TEMPORARY, applicantAddress: '浙江省杭州市临安区锦城街道 1 号', postCode: '311300' },
  });
  expect(created.status()).toBe(200);
  await table.getByRole('button', { name: '刷新' }).click();
  await expect(rows).toHaveCount(4);
  const row = rows.filter({ hasText: TEMPORARY });

  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: `编辑企业：${TEMPORARY}` });
  const field = (label: string) => dialog.locator('.ant-formily-item').filter({ hasText: label }).locator('input').first();
  await expect(field('申请人名称')).toHaveValue(TEMPORARY);
  await expect(field('邮政编码')).toHaveValue('311300');
  await field('邮政编码').fill('31');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('邮政编码为 6 位数字')).toBeVisible();
  await field('邮政编码').fill('311301');
  await field('法定代表人').fill('钱一');
  const modify = page.waitForRequest((r) => r.url().endsWith('/enterPrise/modifyInfo'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  expect((await modify).postDataJSON()).toEqual({ id: expect.any(Number), postCode: '311301', legalPerson: '钱一' });
  await expect(page.getByText('企业已保存')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('311301');
  await expect(row).toContainText('钱一');
  await page.screenshot({ path: '/tmp/admin-enterprise-list.png' });

  // Nothing changed: nothing is sent.
  await row.getByRole('button', { name: '编辑' }).click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('没有修改任何内容')).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toHaveCount(0);

  await row.getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认要删除该企业吗？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /取\s*消/ }).click();
  await expect(rows).toHaveCount(4);
  await row.getByRole('button', { name: '删除' }).click();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(table).not.toContainText(TEMPORARY);
});
