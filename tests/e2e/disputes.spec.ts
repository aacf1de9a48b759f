import { expect, test } from './serverPerWorker.js';
import { callApi } from './callApi.js';
import { openSignedIn, storedUser } from './support.js';

/**
 * 争议商标 as the company's administrator: the seeded disputes with their counts per procedure; a
 * procedure chosen filters the list; a dispute that came from a letter opens with that letter; its
 * mark is forwarded to a colleague, whose messages then hold it with the note and the link.
 */
test('disputed marks: seeded disputes, counts per procedure, a dispute with its letters, its mark forwarded to a colleague', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, 'corpAdmin', '/brand/disputeList');
  const table = page.locator('.ipm-generic-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: '北京恒拓商贸有限公司' })).toContainText('撤销（撤三）');
  await expect(rows.filter({ hasText: '义乌市禾青日用品商行' })).toContainText('对我方有利');

  const counts = page.getByTestId('dispute-procedure-counts');
  await counts.getByText('无效宣告').click();
  await expect(rows.filter({ hasText: '北京恒拓商贸有限公司' })).toHaveCount(0);
  await expect(rows.filter({ hasText: '义乌市禾青日用品商行' })).toHaveCount(1);
  await counts.getByText('全部').click();

  // A dispute the demo's 异议答辩通知书 started, found by its mark's number.
  const { token } = await storedUser(page);
  const fromLetter = (await callApi(page.request, 'dispute.list', { pageSize: 100 }, token)).list.find((d) => d.letterCount > 0 && d.brandId !== null)!;
  await page.getByPlaceholder('我方或对方商标名称、申请号/注册号').fill(fromLetter.ourAppNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  // Only that mark's disputes remain (the demo's 撤三 may be against it too).
  await expect(rows.first()).toContainText(fromLetter.ourAppNo);
  await expect(rows.filter({ hasNotText: fromLetter.ourAppNo })).toHaveCount(0);
  await rows.filter({ hasText: '异议' }).first().getByRole('button', { name: '详情' }).click();
  const detail = page.getByTestId('dispute-detail');
  await expect(detail.getByTestId('dispute-letters')).toContainText('异议答辩通知书');
  await expect(detail).toContainText(fromLetter.ourTmName);

  await detail.getByRole('button', { name: '转发商标' }).click();
  const dialog = page.getByRole('dialog', { name: '转发商标' });
  await dialog.locator('.ant-select-selector').click();
  await page.keyboard.type('陈员工');
  await page.locator('.ant-select-dropdown:visible').getByText('陈员工').first().click();
  await dialog.getByLabel('附言').fill('这件商标有异议答辩，请跟进。');
  await dialog.getByRole('button', { name: /发\s*送/ }).click();
  await expect(page.getByText('已转发给 1 位同事')).toBeVisible();

  const staff = await callApi(page.request, 'auth.login', {
    username: 'staff',
    password: Buffer.from('Staff@2026').toString('base64'),
    encryptionType: 'base64',
  });
  const messages = (await callApi(page.request, 'home.getMessageList', { pageSize: 50 }, staff.token)).list;
  expect(messages.find((m) => m.content === '这件商标有异议答辩，请跟进。')).toMatchObject({ link: `/brand/detail?id=${fromLetter.brandId}` });
});
