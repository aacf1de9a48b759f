import { expect, test } from './serverPerWorker.js';
import { callAsPage, navigateInApp, openSignedIn } from './support.js';

const WIDE = { width: 1440, height: 900 };

/**
 * As the agency's administrator: a licence added through 新增许可 with part of its mark's goods, then
 * found on its page, in the licence list (filtered by the licensee) and on its mark's page.
 */
test('a licence added through the page is found in the list and on its mark', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openSignedIn(page, 'admin', '/brand/license');
  // The demo's licences are listed with their counts.
  await expect(page.getByText(/有效 \d+ 份，即将到期 \d+ 份，已到期 \d+ 份/)).toBeVisible();

  // A registered mark of the archive with a few goods, looked up as a person would: by its number.
  // Other tests on this server add archive copies of register marks: the mark must be the only one with its number.
  const marks = await callAsPage(page, 'brandArchives.queryBrandPage', { pageNo: 1, pageSize: 100 });
  let mark: (typeof marks.list)[number] | undefined;
  for (const candidate of marks.list.filter((m) => m.regNo && m.tmName && m.goodsItems.filter((g) => g.mark !== 2).length >= 2)) {
    const byRegNo = await callAsPage(page, 'brandArchives.queryBrandPage', { regNo: candidate.regNo!, pageNo: 1, pageSize: 2 });
    const byAppNo = await callAsPage(page, 'brandArchives.queryBrandPage', { appNo: candidate.appNo, pageNo: 1, pageSize: 2 });
    if (byRegNo.count === 1 && byAppNo.count === 1) {
      mark = candidate;
      break;
    }
  }
  if (!mark) throw new Error('没有申请号唯一、带两项以上商品的注册商标');
  const goods = mark.goodsItems.filter((g) => g.mark !== 2);
  const licensee = `端到端被许可公司${Date.now().toString(36)}`;

  await page.getByText('＋ 新增许可').click();
  await expect(page).toHaveURL(/\/brand\/addLicense$/);
  const editor = page.locator('form').filter({ has: page.getByTestId('licence-mark-search') });
  await expect(page.locator('.ant-card-head-title', { hasText: '新增许可' })).toBeVisible();
  // Saving an empty form sends nothing and names what is missing.
  await editor.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(editor.getByText('请输入许可人')).toBeVisible();
  await expect(editor.getByText('请至少添加一件许可的商标')).toBeVisible();
  const item = (label: string) =>
    editor.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\*?\\s*${label}\\s*[:：]?$`) }) });
  await item('许可人')
    .locator('input')
    .fill(mark.applicant || '许可方有限公司');
  await item('被许可人').locator('input').fill(licensee);
  await editor.getByText('排他许可', { exact: true }).click();
  await editor.getByPlaceholder('开始日期').fill('2026-01-01');
  await editor.getByPlaceholder('开始日期').press('Enter');
  await editor.getByPlaceholder('截止日期').fill('2028-12-31');
  await editor.getByPlaceholder('截止日期').press('Enter');
  await editor.getByPlaceholder('不填为无偿许可').fill('88000');
  await item('承办人').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('李代理', { exact: true }).click();
  // The filing case is chosen from the organisation's licence-filing cases.
  await item('备案案件').locator('.ant-select').click();
  const filing = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '商标使用许可备案' }).first();
  const filingCaseNo = ((await filing.textContent()) ?? '').split(' · ')[0]!;
  expect(filingCaseNo).toMatch(/^[A-Z]+\d+/);
  await filing.click();

  await editor.getByTestId('licence-mark-search').locator('input').fill(mark.regNo!);
  await page.locator('.ant-select-item-option', { hasText: mark.tmName }).first().click();
  const card = editor.getByTestId('licence-mark');
  await expect(card).toHaveCount(1);
  // Every goods item of the mark comes ticked; the first is taken out of the licence.
  await expect(card.getByText(`已选 ${goods.length} / ${goods.length} 项`)).toBeVisible();
  await card.getByRole('checkbox').first().uncheck();
  await expect(card.getByText(`已选 ${goods.length - 1} / ${goods.length} 项`)).toBeVisible();
  await editor.getByRole('button', { name: /^保\s*存$/ }).click();

  // The licence's page.
  await expect(page).toHaveURL(/\/brand\/detailLicense\?id=\d+/);
  const detail = page.getByTestId('licence-detail');
  await expect(detail.getByText('排他许可')).toBeVisible();
  await expect(detail.getByText('2026-01-01 至 2028-12-31')).toBeVisible();
  await expect(detail.getByText('88,000.00 元')).toBeVisible();
  const licensedText = goods
    .slice(1)
    .map((g) => g.name)
    .join('；');
  await expect(detail.getByRole('cell', { name: licensedText })).toBeVisible();
  const filingRow = detail.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '许可备案' }) });
  await expect(filingRow).toContainText(filingCaseNo);
  await expect(filingRow).toContainText('受理');
  await expect(detail.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '承办人' }) })).toContainText('李代理');

  // Edited: the form opens with what was saved, the goods as chosen; a new territory is saved.
  await detail.getByRole('button', { name: /^编\s*辑$/ }).click();
  await expect(page).toHaveURL(/\/brand\/addLicense\?id=\d+/);
  await expect(page.locator('.ant-card-head-title', { hasText: '编辑许可' })).toBeVisible();
  await expect(item('被许可人').locator('input')).toHaveValue(licensee);
  await expect(editor.getByTestId('licence-mark').getByText(`已选 ${goods.length - 1} / ${goods.length} 项`)).toBeVisible();
  await item('许可地域').locator('input').fill('浙江省');
  await editor.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page).toHaveURL(/\/brand\/detailLicense\?id=\d+/);
  await expect(detail.getByText('浙江省')).toBeVisible();
  await expect(detail.getByRole('cell', { name: licensedText })).toBeVisible();

  // The list, filtered by the licensee.
  await navigateInApp(page, '/brand/license');
  await page.getByLabel('许可人/被许可人').fill(licensee);
  const row = page.locator('.ant-table-row', { hasText: licensee });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('排他许可');
  await expect(row).toContainText('有效');
  // The export downloads the licences the filter shows.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^导\s*出$/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // The mark's page lists it, linking to the licence.
  await page.goto(`/brandManage/brandRecord/recordDetail?id=${mark.id}`);
  const onMark = page.locator('.ant-table-row:visible', { hasText: licensee });
  await expect(onMark).toContainText(licensedText);
  await onMark.getByRole('link', { name: licensee }).click();
  await expect(page).toHaveURL(/\/brand\/detailLicense\?id=\d+/);
  await expect(page.getByTestId('licence-detail').getByText(licensee).first()).toBeVisible();
});
