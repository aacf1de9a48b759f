import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './serverPerWorker.js';
import { callAsPage, openSignedIn } from './support.js';
import { drawnPng, PDF } from './testFiles.js';

const WIDE = { width: 1440, height: 900 };

function field(page: Page, label: string): Locator {
  return page
    .locator('.ant-formily-item')
    .filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\*?\\s*${label}\\s*[:：]?$`) }) })
    .first();
}

/** Adds a class to the goods editor and one goods item of it found by keyword (the classification's standard name when there is one). */
async function addGoods(page: Page, tmCl: number, keyword: string): Promise<void> {
  const editor = field(page, '类别与商品');
  await editor.getByRole('combobox', { name: '添加类别' }).fill(String(tmCl));
  await page.locator('.ant-select-dropdown:visible').getByTitle(`第 ${tmCl} 类`, { exact: true }).click();
  const search = editor.getByRole('combobox', { name: `第 ${tmCl} 类添加商品` });
  await search.click();
  await search.fill(keyword);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  await options.first().click();
  await expect(
    editor
      .locator('.ant-card')
      .filter({ hasText: `第 ${tmCl} 类` })
      .locator('.ant-tag'),
  ).toHaveCount(1);
}

const caseNoOf = (page: Page) => new URL(page.url()).searchParams.get('caseNo') ?? '';

test('staff files a domestic registration in three classes; the organisation’s filer confirms it and supplies the application number; the list, detail, stages and trends show it', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await openSignedIn(page, 'staff', '/brand/caseList');
  await page.getByRole('button', { name: /新建案件/ }).click();
  await page.getByRole('menuitem', { name: '国内商标注册' }).click();
  await expect(page).toHaveURL(/\/brands\/domesticRegistration$/);
  await expect(page.getByRole('heading', { name: '新建国内商标注册' })).toBeVisible();

  await field(page, '名称').locator('input').fill('星辰日化股份有限公司');
  await field(page, '地址').locator('input').first().fill('上海市浦东新区张江路 88 号');
  await field(page, '商标名称').locator('input').fill('星辰晨露');
  const image = field(page, '商标图样');
  await image.locator('input[type=file]').setInputFiles({ name: '星辰晨露.png', mimeType: 'image/png', buffer: await drawnPng(page, 800, 600) });
  const crop = page.getByRole('dialog', { name: '请裁剪掉不需要的部分，以保证检索结果准确' });
  await crop.getByRole('button', { name: /确\s*定/ }).click();
  await expect(image.locator('.ipm-thumb')).toHaveCount(1);

  // Submitting without goods: nothing is sent, the message names the field.
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/caseManage/') && sent.push(r.url()));
  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.getByText(/还不能提交：.*类别与商品不能为空/)).toBeVisible();
  expect(sent.filter((u) => /saveCase|submitCase/.test(u))).toEqual([]);

  await addGoods(page, 30, '咖啡');
  await addGoods(page, 25, '服装');
  await addGoods(page, 35, '广告');
  await expect(field(page, '类别与商品')).toContainText('已选 3 类');

  for (const key of ['subjectQualification', 'powerOfAttorney']) {
    await page.locator(`[data-attachment="${key}"] input[type=file]`).setInputFiles({ name: `${key}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await expect(page.locator(`[data-attachment="${key}"]`)).toContainText(`${key}.pdf`);
  }

  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText(/案件已创建：AJ\d{13}/)).toBeVisible();
  await expect(page).toHaveURL(/caseNo=AJ\d{13}/);
  const caseNo = caseNoOf(page);
  const header = page.locator('.case-header');
  await expect(header).toContainText(caseNo);
  await expect(header.locator('.case-status-tag')).toHaveText('草稿');
  // Saved values come back into the form; fees are counted per country (three classes).
  await expect(field(page, '商标名称').locator('input')).toHaveValue('星辰晨露');
  await expect(field(page, '类别与商品')).toContainText('已选 3 类');
  const fees = page.getByTestId('case-fees');
  await expect(fees).toContainText('中国');
  await expect(fees.locator('tr').filter({ hasText: '注册申请官费' })).toContainText('3');
  await expect(page.locator('[data-attachment="powerOfAttorney"]')).toContainText('powerOfAttorney.pdf');

  // A comment naming a colleague with @.
  const box = page.getByLabel('评论内容');
  await box.click();
  await box.pressSequentially('请审核 @赵');
  await page.locator('.ant-mentions-dropdown:visible').getByText('赵主管').click();
  await page.getByRole('button', { name: '发表评论' }).click();
  await expect(page.getByTestId('case-comments').locator('.ant-list-item')).toContainText('@赵主管');
  await page.screenshot({ path: 'test-results/case-page-draft.png', fullPage: true });

  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.getByText('案件已提交')).toBeVisible();
  await expect(header.locator('.case-status-tag')).toHaveText('待递交');
  // Staff may not file: no 确认递交.
  await expect(page.getByRole('button', { name: '确认递交' })).toHaveCount(0);
  // Before it is filed the submitter may take it back (after a question), and submit it again.
  await page.getByRole('button', { name: /^撤\s*回$/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('撤回成功')).toBeVisible();
  await expect(header.locator('.case-status-tag')).toHaveText('草稿');
  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(header.locator('.case-status-tag')).toHaveText('待递交');

  // The organisation's administrator holds 案件递交: confirms and supplies the application number.
  await openSignedIn(page, 'corpAdmin', `/brands/domesticRegistration?caseNo=${caseNo}`);
  await page.getByRole('button', { name: '确认递交' }).click();
  const confirm = page.getByRole('dialog', { name: `确认递交：${caseNo}` });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('确认递交成功')).toBeVisible();
  await expect(header.locator('.case-status-tag')).toHaveText('已递交');
  // Filed: the form is read-only.
  await expect(page.getByRole('button', { name: /^保\s*存$/ })).toHaveCount(0);
  await page.getByRole('button', { name: '补录申请号' }).click();
  const supply = page.getByRole('dialog', { name: `补录申请号：${caseNo}` });
  await supply.getByRole('button', { name: /确\s*定/ }).click();
  await expect(supply.getByText('请输入申请号')).toBeVisible();
  await supply.getByLabel('申请号').fill('80123456');
  await supply.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('补录申请号成功')).toBeVisible();
  await expect(page.getByTestId('case-info')).toContainText('80123456');
  await expect(page.getByRole('button', { name: /^删\s*除$/ })).toHaveCount(0);

  // The filled CNIPA form downloads as a Word file naming the applicant and the mark.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载申请书' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${caseNo}-申请书.docx`);
  const word = await JSZip.loadAsync(await readFile((await download.path())!));
  const text = await word.file('word/document.xml')!.async('string');
  expect(text).toContain('星辰日化股份有限公司');
  expect(text).toContain('星辰晨露');

  // The list finds it by its number, with its status as a tag.
  await page.goto('/brand/caseList');
  await page.locator('.ipm-filter-bar').getByPlaceholder('案件编号、商标名称、申请号或申请人').fill(caseNo);
  await page
    .locator('.ipm-filter-bar')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const row = page.locator('.ipm-generic-table tbody tr.ant-table-row').filter({ hasText: caseNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('国内商标注册');
  await expect(row).toContainText('星辰晨露');
  await expect(row.locator('.case-status-tag')).toHaveText('已递交');
  await expect(row.getByRole('button', { name: '删除' })).toHaveCount(0);

  // The detail route shows the case read-only: stages with dates, trends with who did what.
  await row.getByRole('link', { name: '查看' }).click();
  await expect(page).toHaveURL(new RegExp(`/brands/domesticDetail\\?caseNo=${caseNo}$`));
  const stages = page.getByTestId('case-stages');
  await expect(stages.locator('.case-stage[data-state=done]').first()).toContainText('准备材料');
  await expect(stages.locator('.case-stage[data-state=current]')).toContainText('已递交');
  await expect(stages.locator('.ant-steps-item-process')).toContainText(/进入 \d{4}-\d{2}-\d{2}/);
  const trends = page.getByTestId('case-trends');
  await expect(trends).toContainText('补录申请号');
  await expect(trends).toContainText('赵主管');
  await expect(trends).toContainText('提交');
  await expect(trends).toContainText('陈员工');
  await expect(field(page, '商标名称')).toContainText('星辰晨露');
  await expect(page.getByTestId('case-form').locator('input:not([type=file]):not([disabled]):not([readonly])')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/case-page-detail.png', fullPage: true });
});

test('the case list filters by type with the counts, exports, and deletes only drafts after confirmation', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openSignedIn(page, 'admin', '/brand/caseList');
  const table = page.locator('.ipm-generic-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const counts = page.getByTestId('case-type-counts');
  await expect(counts).toContainText('全部');
  await counts.getByText('商标续展').click();
  await expect(rows.first()).toContainText('商标续展');
  for (const text of await rows.allInnerTexts()) expect(text).toContain('商标续展');
  await page.screenshot({ path: 'test-results/case-list.png', fullPage: true });
  await counts.getByText('全部').click();

  const download = page.waitForEvent('download');
  await table.getByRole('button', { name: /^导\s*出$/ }).click();
  expect((await download).suggestedFilename()).toBe('案件列表.xlsx');

  // A draft of this test's own: deleted from the list after the question.
  const draft = await callAsPage(page, 'caseManage.saveCase', {
    caseType: 'changeAgent',
    bizParam: { tmItems: [{ appCountry: 'CN', tmCl: [], goodsItem: [] }], form: { applicantName: '删除测试申请人' } },
  });
  await page.locator('.ipm-filter-bar').getByPlaceholder('案件编号、商标名称、申请号或申请人').fill(draft.caseNo);
  await page
    .locator('.ipm-filter-bar')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const row = rows.filter({ hasText: draft.caseNo });
  await expect(row.locator('.case-status-tag')).toHaveText('草稿');
  await row.getByRole('button', { name: '删除' }).click();
  const question = page.getByRole('dialog').filter({ hasText: '确认要删除该案件吗？' });
  await question.getByRole('button', { name: /取\s*消/ }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '删除' }).click();
  await question.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(rows.filter({ hasText: draft.caseNo })).toHaveCount(0);
});

test('a renewal of an archive mark is created from the mark’s page, with the mark filled in, and listed there', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openSignedIn(page, 'admin', '/brand/caseList');
  const marks = await callAsPage(page, 'brandArchives.queryBrandPage', { pageNo: 1, pageSize: 20 });
  const mark = marks.list.find((m) => m.regNo && m.tmCl && m.tmName)!;
  await page.goto(`/brand/detail?id=${mark.id}`);
  const cases = page.getByTestId('mark-cases');
  await expect(cases).toBeVisible();
  await cases.getByRole('button', { name: /新建案件/ }).click();
  await page.getByRole('menuitem', { name: '商标续展' }).click();
  await expect(page).toHaveURL(new RegExp(`/case/brand-extension\\?brandId=${mark.id}$`));
  await expect(field(page, '商标名称').locator('input')).toHaveValue(mark.tmName);
  await expect(field(page, '注册号').locator('input')).toHaveValue(mark.regNo!);
  await field(page, '名称')
    .locator('input')
    .fill(mark.applicant || '华信客户');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText(/案件已创建：AJ\d{13}/)).toBeVisible();
  const caseNo = caseNoOf(page);
  await expect(page.getByTestId('case-fees')).toContainText('续展注册官费');
  await page.screenshot({ path: 'test-results/case-page-renewal.png', fullPage: true });

  // A colleague saves first: this save is refused with the server's words, and what was typed stays.
  const current = await callAsPage(page, 'caseManage.queryCase', { caseNo });
  const { detailCgInfo: _items, detailOfficFile: _files, ...saved } = current.bizParam;
  await callAsPage(page, 'caseManage.updateCase', {
    caseNo,
    revision: current.revision,
    bizParam: { ...saved, form: { ...saved.form, remark: '同事的修改' } },
  });
  await field(page, '备注').locator('textarea').fill('我的修改');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText(new RegExp(`案件 ${caseNo} 已被.*修改`))).toBeVisible();
  await expect(field(page, '备注').locator('textarea')).toHaveValue('我的修改');

  await page.goto(`/brand/detail?id=${mark.id}`);
  const listed = page.getByTestId('mark-cases').locator('tr').filter({ hasText: caseNo });
  await expect(listed).toContainText('商标续展');
  await expect(listed).toContainText('草稿');
  await listed.getByRole('link', { name: caseNo }).click();
  await expect(page).toHaveURL(new RegExp(`/case/brand-extension-detail\\?caseNo=${caseNo}$`));
  await expect(page.getByTestId('case-stages')).toBeVisible();
});

test('a change of name that leaves out the holder’s other marks asks first, names them, and is submitted once confirmed', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openSignedIn(page, 'admin', '/brand/caseList');
  const marks = (await callAsPage(page, 'brandArchives.queryBrandPage', { pageNo: 1, pageSize: 50 })).list.filter((m) => m.applicant && m.regNo && m.tmCl);
  // A holder with more than one mark: a change of its name covers them all (商标法实施条例第三十条).
  const mark = marks.find((m) => marks.some((other) => other.id !== m.id && other.applicant === m.applicant))!;
  await page.goto(`/case/change-name?brandId=${mark.id}`);
  await expect(field(page, '商标名称').locator('input')).toHaveValue(mark.tmName);
  await field(page, '名称').locator('input').fill(mark.applicant!);
  await field(page, '地址').locator('input').first().fill('浙江省杭州市西湖区文三路 90 号');
  await field(page, '变更后名称').locator('input').fill(`${mark.applicant}（更名）`);
  for (const key of ['subjectQualification', 'changeProof', 'powerOfAttorney']) {
    await page.locator(`[data-attachment="${key}"] input[type=file]`).setInputFiles({ name: `${key}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await expect(page.locator(`[data-attachment="${key}"]`)).toContainText(`${key}.pdf`);
  }

  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '应一并办理' });
  await expect(ask).toContainText('第三十条');
  await expect(ask.getByTestId('tied-marks').locator('.ant-list-item').first()).toBeVisible();
  await ask.getByRole('button', { name: '返回修改' }).click();
  await expect(ask).toHaveCount(0);
  const caseNo = caseNoOf(page);
  expect((await callAsPage(page, 'caseManage.queryCase', { caseNo })).status).toBe('draft');

  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await ask.getByRole('button', { name: '确认后提交' }).click();
  await expect(page.getByText('案件已提交')).toBeVisible();
  const trends = (await callAsPage(page, 'caseManage.getTrendsList', { caseNo })).list;
  expect(trends.map((t) => t.actionTitle)).toContain('一并办理');
});
