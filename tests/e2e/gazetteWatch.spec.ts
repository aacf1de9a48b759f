import { expect, test, type Locator, type Page } from './serverPerWorker.js';
import { callAsPage, navigateInApp, openSignedIn } from './support.js';

function field(page: Page, label: string): Locator {
  return page
    .locator('.proposal-page:visible .ant-formily-item')
    .filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\*?\\s*${label}\\s*[:：]?$`) }) })
    .first();
}

test('a conflicting publication is found in the gazette watch and turned into an objection proposal', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 900 });
  await openSignedIn(page, 'admin', '/brand/riskGg');
  await expect(page.getByTestId('gazette-run-panel')).toContainText('初步审定公告');
  const table = page.locator('.ipm-generic-table').filter({ hasText: '公告商标' });
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(table).toContainText(/待处理 \d+ 件/);

  // A publication still waiting for a decision: the demo's, left untouched by the other tests.
  const hit = (await callAsPage(page, 'gazette.list', { state: 'new', pageSize: 1 })).list[0]!;
  expect(hit, 'the demo has publications conflicting with the organisation’s marks').toBeTruthy();
  const bar = page.locator('.ipm-filter-bar').first();
  await bar.getByPlaceholder('名称、申请号或申请人').fill(hit.appNo);
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  // A publication may conflict with several of our marks (the archive holds duplicates too): the row of this hit, in the list's order.
  const same = (await callAsPage(page, 'gazette.list', { keyword: hit.appNo, pageSize: 100 })).list;
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(same.length);
  const at = same.findIndex((h) => h.id === hit.id);
  const row = rows.nth(at);
  await expect(row.getByTestId('gazette-their-mark')).toContainText(hit.tmName);
  await expect(row.getByTestId('gazette-own-mark')).toContainText(hit.ownTmName);
  await expect(row.getByTestId('gazette-reasons')).toContainText(hit.reasons[0]!);
  await expect(row.getByTestId('gazette-reasons')).toContainText(hit.goodsNote);
  await expect(row.getByTestId('gazette-deadline')).toContainText(hit.deadline);
  await expect(row.getByTestId('gazette-deadline')).toContainText(hit.daysLeft === 0 ? '今天到期' : `剩余 ${hit.daysLeft} 天`);
  await expect(row).toContainText(hit.announcementIssue);

  // Dismissing asks first and can be undone.
  await row.getByRole('button', { name: '忽略' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定忽略这条命中吗？' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row).toContainText('已忽略');
  await row.getByRole('button', { name: '恢复' }).click();
  await expect(row).toContainText('待处理');

  // The one action: a draft objection proposal, opened in its editor with the published mark filled in.
  await row.getByTestId('gazette-start-proposal').click();
  await expect(page.getByText(/已新建异议提案 TA\d+/)).toBeVisible();
  await expect(page).toHaveURL(/case-detail\?id=\d+&edit=1$/);
  await expect(field(page, '商标名称').locator('input')).toHaveValue(hit.tmName);
  await expect(field(page, '初步审定号').locator('input')).toHaveValue(hit.appNo);
  await expect(field(page, '初审公告期号').locator('input')).toHaveValue(hit.announcementIssue);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByText('提案已保存')).toBeVisible();
  // The editor has closed (it keeps the page while it has unsaved changes).
  await expect(page.locator('.proposal-page:visible').getByRole('button', { name: /编\s*辑/ })).toBeVisible();

  // Back on the watch, the hit shows its proposal instead of the button.
  await navigateInApp(page, '/brand/riskGg');
  await expect(page).toHaveURL(/\/brand\/riskGg$/);
  await bar.getByPlaceholder('名称、申请号或申请人').fill(hit.appNo, { timeout: 20_000 });
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows).toHaveCount(same.length);
  const after = rows.nth(at);
  await expect(after.getByTestId('gazette-proposal-link')).toBeVisible();
  await expect(after.getByTestId('gazette-start-proposal')).toHaveCount(0);
  await expect(after).toContainText('已发起异议');
  await after.getByTestId('gazette-proposal-link').click();
  await expect(page).toHaveURL(new RegExp(`case-detail\\?id=${id}$`));
});
