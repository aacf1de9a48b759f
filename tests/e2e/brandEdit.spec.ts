import type { Trademark } from '../../src/generated/types.js';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { expect, test, type Page } from './serverPerWorker.js';
import { callAsPage, openSignedIn } from './support.js';

/** Everything the archive says of a mark: its list row (with tags) and its detail record. */
async function wholeRecord(page: Page, id: number): Promise<{ listed: Trademark; detail: Trademark }> {
  const { list } = await callAsPage(page, 'brandArchives.queryBrandPage', { ids: [id] });
  const { detailVo } = await callAsPage(page, 'brandArchives.queryBrandDetailList', { id });
  return { listed: list[0]!, detail: detailVo.record };
}

/** The whole record but the named fields and the time of the last change. */
async function recordExcept(page: Page, id: number, ...names: string[]) {
  const strip = (record: object) => Object.fromEntries(Object.entries(record).filter(([k]) => !names.includes(k) && k !== 'updatedAt'));
  const { listed, detail } = await wholeRecord(page, id);
  return { listed: strip(listed), detail: strip(detail) };
}

test('editing a mark changes only what was changed: its image, custom values and tags survive', async ({ page }) => {
  await openSignedIn(page, 'admin', '/api/health');
  // A mark with an image, tags, goods and dates, given a custom value.
  const { list } = await callAsPage(page, 'brandArchives.queryBrandPage', { pageSize: 200 });
  const mark = list.find((m) => m.tmLogoUrl && (m.minMap?.length ?? 0) > 0 && m.tmCl && m.appDate && m.regDate)!;
  expect(mark).toBeDefined();
  // Goods the dialog shows grouped as text, one of them deleted (mark 2), which the text does not show.
  const group = (n: number) => `${String(mark.tmCl).padStart(2, '0')}0${n}`;
  await callAsPage(page, 'brandArchives.saveBrand', {
    id: mark.id,
    goodsItems: [
      { code: group(2), name: '乙品' },
      { code: group(1), name: '甲品' },
      { code: group(1), name: '已删减', mark: 2 },
    ],
  });
  const field = (await callAsPage(page, 'customField.setCustomField', { type: 1, fieldTitle: '内部编号', fieldType: '单行文本' })).field!;
  await callAsPage(page, 'customField.setTmArchiveCustomFieldData', { id: mark.id, customValues: { [field.id]: 'IPM-7' } });
  const before = await wholeRecord(page, mark.id);
  expect(before.detail.customValues).toMatchObject({ [field.id]: 'IPM-7' });

  // 编辑 shows the current image; 确定 without a change leaves the record as it was.
  await page.goto(`/brand/detail?id=${mark.id}`);
  const detail = page.getByTestId('tm-detail');
  await detail.getByRole('button', { name: /编\s?辑/ }).click();
  const dialog = page.getByRole('dialog', { name: '商标信息' });
  await expect(dialog.getByLabel('商标名称')).toHaveValue(mark.tmName);
  const image = dialog.locator('.tm-edit-file .ipm-thumb img');
  await expect(image).toHaveAttribute('src', mark.tmLogoUrl!);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-message-notice', { hasText: '未作修改' })).toBeVisible();
  expect(await wholeRecord(page, mark.id)).toEqual(before);
  await expect(detail.locator('.tm-detail-head img')).toHaveAttribute('src', mark.tmLogoUrl!);

  // One field changed: only that field changes.
  await detail.getByRole('button', { name: /编\s?辑/ }).click();
  await dialog.getByLabel('备注').fill('只改备注');
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-message-notice', { hasText: '修改成功' })).toBeVisible();
  const afterRemark = await wholeRecord(page, mark.id);
  expect(afterRemark.detail.remark).toBe('只改备注');
  expect(await recordExcept(page, mark.id, 'remark')).toEqual({
    listed: Object.fromEntries(Object.entries(before.listed).filter(([k]) => k !== 'remark' && k !== 'updatedAt')),
    detail: Object.fromEntries(Object.entries(before.detail).filter(([k]) => k !== 'remark' && k !== 'updatedAt')),
  });

  // The image replaced: removed, a new picture uploaded; nothing else moves.
  const unchangedButImage = await recordExcept(page, mark.id, 'tmLogoUrl');
  await detail.getByRole('button', { name: /编\s?辑/ }).click();
  const tile = dialog.locator('.tm-edit-file .ipm-thumb');
  await tile.hover();
  await expect(tile.getByRole('button', { name: '下载' })).toHaveCount(0);
  await tile.getByRole('button', { name: '删除' }).click();
  await dialog.locator('.tm-edit-file input[type=file]').setInputFiles({ name: '新图样.png', mimeType: 'image/png', buffer: logoPng(11) });
  await expect(dialog.locator('.tm-edit-file .ipm-thumb img')).toHaveAttribute('src', /\/api\/file\/download\?path=/);
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(dialog).toBeHidden();
  const replaced = await wholeRecord(page, mark.id);
  expect(replaced.detail.tmLogoUrl).toMatch(/^\/api\/file\/download\?path=/);
  expect(await recordExcept(page, mark.id, 'tmLogoUrl')).toEqual(unchangedButImage);
  await expect(detail.locator('.tm-detail-head img')).toHaveAttribute('src', replaced.detail.tmLogoUrl!);
});

test('an empty 新增商标 form names what is missing, with no page error', async ({ page }) => {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await openSignedIn(page, 'staff', '/brandManage/brandRecord');
  await page.getByRole('button', { name: '新增商标' }).click();
  const dialog = page.getByRole('dialog', { name: '新增商标' });
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  for (const message of ['请输入商标名称', '请输入申请号', '请输入类别']) await expect(dialog.getByText(message)).toBeVisible();
  // A second try, as a person would, still only shows the messages.
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(dialog.getByText('请输入申请号')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(errors.map((e) => e.message)).toEqual([]);
});

test('saving one custom value in place leaves the others as stored, even when the row on screen is older', async ({ page }) => {
  await openSignedIn(page, 'admin', '/api/health');
  const create = async (fieldTitle: string) => (await callAsPage(page, 'customField.setCustomField', { type: 1, fieldTitle, fieldType: '单行文本' })).field!.id;
  const [owner, note] = [await create('承办人'), await create('说明')];
  const { list } = await callAsPage(page, 'brandArchives.queryBrandPage', { pageNo: 1, pageSize: 10 });
  const record = list[0]!.id;
  await callAsPage(page, 'customField.setTmArchiveCustomFieldData', { id: record, customValues: { [owner]: '张律师', [note]: '初稿' } });

  // The archive's list view, whose custom-field columns are edited in place.
  await page.goto('/brandManage/brandRecord');
  await page.locator('.ant-segmented').getByText('列表').click();
  const cell = (field: number) => page.locator('.ipm-generic-table').getByTestId(`custom-cell-${field}-${record}`);
  await expect(cell(owner)).toHaveText('张律师');
  // Someone else changes 承办人 meanwhile; this page still shows the old value.
  await callAsPage(page, 'customField.setTmArchiveCustomFieldData', { id: record, customValues: { [owner]: '李律师' } });
  await cell(note).dblclick();
  await cell(note).getByRole('textbox').fill('定稿');
  await cell(note).getByRole('textbox').press('Enter');
  await expect(cell(note)).toHaveText('定稿');
  const { detail } = await wholeRecord(page, record);
  expect(detail.customValues).toMatchObject({ [owner]: '李律师', [note]: '定稿' });
});
