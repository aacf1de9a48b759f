import { expect, test, type Page } from './serverPerWorker.js';
import type { OperationResponse } from '../../src/generated/client.js';
import { callAsPage, refusedMarkId, signIn } from './support.js';

const shots = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** A demo mark with a pending notice among its documents. */
async function markWithPendingNotice(page: Page): Promise<{ id: number; documents: OperationResponse<'brandOfficials.brandOfficialList'> }> {
  const marks = await callAsPage(page, 'brandArchives.queryBrandPage', { pageSize: 100 });
  for (const mark of marks.list) {
    const documents = await callAsPage(page, 'brandOfficials.brandOfficialList', { brandId: mark.id });
    if (documents.pending > 0 && documents.count >= 2) return { id: mark.id, documents };
  }
  throw new Error('no demo mark has a pending official document');
}

const card = (page: Page) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: /^官文$/ }) });
const rowOf = (page: Page, type: string) => card(page).locator('tbody tr.ant-table-row').filter({ hasText: type });

test('a mark’s official documents on its record: deadlines, handle, filter, ignore in a batch, reopen', async ({ page }) => {
  await signIn(page, 'admin');
  const { id, documents } = await markWithPendingNotice(page);
  const pending = documents.list.find((d) => d.status === 0)!;
  await page.goto(`/brandManage/brandRecord/recordDetail?id=${id}`);
  await expect(card(page).locator('tbody tr.ant-table-row')).toHaveCount(documents.count);
  const pendingText = card(page)
    .locator('.ipm-table-toolbar')
    .getByText(/^待处理 \d+ 件$/);
  await expect(pendingText).toHaveText(`待处理 ${documents.pending} 件`);
  const row = rowOf(page, pending.documentType).first();
  await expect(row).toContainText('待处理');
  // A pending notice's deadline shows how long is left (or how long ago it passed).
  await expect(row).toContainText(/剩余 \d+ 天|已逾期 \d+ 天|今天到期/);
  await expect(rowOf(page, '受理通知书').first()).toContainText('已处理');
  await shot(page, 'record-officials-all');

  await row.getByRole('button', { name: '标记已处理' }).click();
  await expect(page.locator('.ant-message').getByText('已标记为已处理')).toBeVisible();
  await expect(row).toContainText('已处理');
  await expect(row).toContainText('王管理');
  await expect(row.getByRole('button', { name: '恢复待处理' })).toBeVisible();
  await expect(pendingText).toHaveText(`待处理 ${documents.pending - 1} 件`);
  const afterHandling = await callAsPage(page, 'brandOfficials.brandOfficialList', { brandId: id });
  expect(afterHandling.list.find((d) => d.id === pending.id)).toMatchObject({ status: 1, handledByName: '王管理' });

  // Reopen it, then list the pending ones only and ignore them all in one go.
  await row.getByRole('button', { name: '恢复待处理' }).click();
  await expect(page.locator('.ant-message').getByText('已恢复为待处理')).toBeVisible();
  await expect(row).toContainText('待处理');
  await card(page).locator('.ipm-filter-bar .ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('待处理').click();
  await card(page)
    .getByRole('button', { name: /查\s?询/ })
    .click();
  const stillPending = afterHandling.pending + 1;
  await expect(card(page).locator('tbody tr.ant-table-row')).toHaveCount(stillPending);
  await card(page).locator('thead .ant-checkbox-input').check();
  await card(page)
    .getByRole('button', { name: /忽\s?略/ })
    .first()
    .click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('确定忽略所选官文吗？');
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(page.locator('.ant-message').getByText('已忽略')).toBeVisible();
  await expect(card(page).getByText('暂无数据')).toBeVisible();
  await expect(pendingText).toHaveText('待处理 0 件');
  await shot(page, 'record-officials');
  const afterIgnoring = await callAsPage(page, 'brandOfficials.brandOfficialList', { brandId: id });
  expect(afterIgnoring.pending).toBe(0);
  expect(afterIgnoring.list.filter((d) => d.status === 2)).toHaveLength(stillPending);
});

test('an agent opening another’s mark sees the refusal alone, not its official documents', async ({ page }) => {
  // The release log stays unread (it shows only on home): the workbench test reads it as the agent.
  await signIn(page, 'agent', { showReleaseLog: true });
  const foreignId = await refusedMarkId(page);
  await page.goto(`/brandManage/brandRecord/recordDetail?id=${foreignId}`);
  await expect(page.locator('.ant-alert-message', { hasText: '商标不存在或无权查看' })).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  // The mark's own record shows them.
  const own = await callAsPage(page, 'brandArchives.queryBrandPage', { pageSize: 1 });
  await page.goto(`/brandManage/brandRecord/recordDetail?id=${own.list[0]!.id}`);
  await expect(card(page).locator('thead')).toContainText('文件类型');
});

test('a mark’s page adds a letter already linked to the mark and opens a listed one', async ({ page }) => {
  await signIn(page, 'admin');
  const appNo = `E2R${Date.now() % 10_000_000}`;
  const added = await callAsPage(page, 'brandArchives.addBrand', { appNo, tmCl: 3, tmName: '档案官文' });
  await page.goto(`/brandManage/brandRecord/recordDetail?id=${added.id}`);
  await expect(card(page).getByText('暂无数据')).toBeVisible();

  await card(page).getByRole('button', { name: '新增官文' }).click();
  const drawer = page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: '新增官文' }) });
  const item = (label: string) => drawer.locator('.ant-formily-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
  await expect(item('关联商标')).toContainText(`档案官文（${appNo} · 第3类）`);
  await item('文件类型').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('受理通知书', { exact: true }).click();
  await item('送达方式').getByText('纸质').click();
  await item('收文日期').locator('input').fill('2026-11-02');
  await item('收文日期').locator('input').press('Enter');
  await drawer.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.locator('.ant-message').getByText('添加成功')).toBeVisible();

  const row = rowOf(page, '受理通知书');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '受理通知书' }).click();
  const shown = page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: '官文详情' }) });
  await expect(shown.locator('.ant-formily-item').filter({ has: page.locator('label', { hasText: /^收文日期$/ }) })).toContainText('2026-11-02');
  const listed = await callAsPage(page, 'brandOfficials.brandOfficialList', { brandId: added.id });
  expect(listed.list).toMatchObject([{ documentType: '受理通知书', receiveDate: '2026-11-02' }]);
});
