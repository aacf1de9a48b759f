import { expect, test, type Page } from './serverPerWorker.js';
import { openSignedIn, storedUser } from './support.js';
import { callApi } from './callApi.js';

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

async function fieldMenu(page: Page, title: string, item: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: '自定义字段' });
  const openMenus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  // The last menu must be gone first, or its fading items would be taken for the new one's.
  await expect(openMenus).toHaveCount(0);
  await dialog.getByRole('button', { name: `${title}的列表设置` }).click();
  await openMenus.last().getByRole('menuitem', { name: item }).click();
}

async function archiveValues(page: Page): Promise<{ id: number; tmName: string; customValues: Record<string, unknown> }[]> {
  const { token } = await storedUser(page);
  const reply = await page.request.post('/brandArchives/queryBrandPage', { headers: { token }, data: { pageNo: 1, pageSize: 10 } });
  return (await reply.json()).data.list;
}

test('custom fields: settings dialog, creation dialog, list settings, inline edit, batch edit and filter', async ({ page }) => {
  // One long walk through every dialog; a busy two-core machine needs more than the default minute.
  test.setTimeout(180_000);
  // Starts from an organisation without custom fields, whatever other tests on this server defined.
  await openSignedIn(page, 'admin', '/api/health');
  const { token } = await storedUser(page);
  const existing = await callApi(page.request, 'customField.getCustomFieldList', { type: 1 }, token);
  if (existing.length > 0) {
    const cleared = await page.request.post('/customField/updateCustomFields', {
      headers: { token },
      data: { type: 1, fields: existing.map((f) => ({ id: f.id, delete: 1 })) },
    });
    expect(cleared.status()).toBe(200);
  }
  await page.goto('/system/blockExample');
  const card = page.locator('.ant-card').filter({ has: page.getByText('自定义字段（商标档案）', { exact: true }) });
  const table = card.locator('.ipm-generic-table');
  // The building-block page is the heaviest there is: on a busy two-core machine its first rows may take longer than the usual wait.
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });

  // 自定义字段 → 新增字段 → 新增自定义 (500px).
  await card
    .locator('button')
    .filter({ hasText: /^自定义字段$/ })
    .click();
  const settings = page.getByRole('dialog', { name: '自定义字段' });
  await expect(settings.getByText('暂无自定义字段')).toBeVisible();
  const addField = async (title: string, type: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
    await settings.getByRole('button', { name: /新增字段/ }).click();
    const create = page.getByRole('dialog', { name: '新增自定义' });
    await create.getByLabel('字段名称').fill(title);
    if (type !== '单行文本') {
      await create.getByLabel('字段类型').first().click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(type, { exact: true }).click();
    }
    if (fill) await fill(create);
    await create.getByRole('button', { name: /确\s?定/ }).click();
    await expect(create).toBeHidden();
  };

  await settings.getByRole('button', { name: /新增字段/ }).click();
  const create = page.getByRole('dialog', { name: '新增自定义' });
  await expect(create.locator('xpath=ancestor-or-self::div[contains(@class,"ant-modal")][1]')).toHaveCSS('width', '500px');
  await create.getByRole('button', { name: /确\s?定/ }).click();
  await expect(toast(page, '请输入字段名称')).toBeVisible();
  await create.getByLabel('字段名称').fill('重要程度');
  await create.getByLabel('字段类型').first().click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('单选', { exact: true }).click();
  // Three empty options by default; none named is refused.
  await expect(create.getByPlaceholder('选项名称')).toHaveCount(3);
  await create.getByRole('button', { name: /确\s?定/ }).click();
  await expect(toast(page, '请输入选项')).toBeVisible();
  await create.getByLabel('选项1名称').fill('高');
  await create.getByLabel('选项2名称').fill('低');
  await page.screenshot({ path: '/tmp/customFields-create.png' });
  await create.getByRole('button', { name: /确\s?定/ }).click();
  await expect(settings.getByTestId('custom-field-row-重要程度')).toContainText('未保存');

  await addField('备注', '单行文本');
  await addField('到期日', '日期', async (dialog) => {
    await dialog.getByText('设置期限提醒').click();
    await expect(dialog.getByRole('combobox', { name: '提醒时间' })).toBeVisible();
    await expect(dialog.getByText('提醒指定人员')).toBeVisible();
    await dialog.getByLabel('提醒时间').first().click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('提前1周').click();
    await dialog.locator('.ipm-person-search .ant-select-selector').click();
    await page.keyboard.type('王');
    await page.locator('.ant-select-dropdown:visible').filter({ hasText: '王管理' }).getByText('王管理').click();
    await expect(dialog.locator('.ipm-person-search')).toContainText('王管理');
    // A multiple choice keeps its list open; leaving the field closes it, so it covers nothing below.
    await dialog.locator('.ant-modal-title').click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  });
  await addField('临时', '多行文本');
  // A row never saved goes at once.
  await fieldMenu(page, '临时', '删除');
  await expect(settings.getByTestId('custom-field-row-临时')).toHaveCount(0);

  await settings.getByRole('button', { name: /保\s?存/ }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(settings).toBeHidden();
  for (const title of ['重要程度', '备注', '到期日']) await expect(table.getByRole('columnheader', { name: title })).toBeVisible();

  // 列表设置 on saved rows: filter, pin, hide/show apply at once; edit blocks saving; delete waits for 保存.
  await card
    .locator('button')
    .filter({ hasText: /^自定义字段$/ })
    .click();
  await expect(settings.getByTestId('custom-field-row-备注')).toBeVisible();
  await fieldMenu(page, '重要程度', '设为筛选');
  await expect(toast(page, '设置筛选成功！')).toBeVisible();
  await fieldMenu(page, '重要程度', '固定');
  await expect(toast(page, '固定成功！')).toBeVisible();
  await fieldMenu(page, '到期日', '隐藏');
  await expect(toast(page, '隐藏成功！')).toBeVisible();
  await fieldMenu(page, '到期日', '显示');
  await expect(toast(page, '显示成功！')).toBeVisible();
  await fieldMenu(page, '备注', '编辑');
  await settings.getByRole('button', { name: /保\s?存/ }).click();
  await expect(toast(page, '请先保存字段设置')).toBeVisible();
  await settings
    .locator('.ipm-custom-field-inline-editor')
    .getByRole('button', { name: /取\s?消/ })
    .click();
  await fieldMenu(page, '备注', '删除');
  await expect(settings.getByTestId('custom-field-row-备注')).toContainText('保存后删除');
  await settings
    .getByTestId('custom-field-row-备注')
    .getByRole('button', { name: /撤\s?销/ })
    .click();
  // Drag 到期日 above 备注: the order and the pins are saved.
  await settings.getByTestId('custom-field-row-到期日').dragTo(settings.getByTestId('custom-field-row-备注'));
  await expect(toast(page, '移动成功！')).toBeVisible();
  await page.screenshot({ path: '/tmp/customFields-settings.png' });
  await settings
    .getByRole('button', { name: /取\s?消/ })
    .last()
    .click();
  const headers = await table.locator('thead th').allTextContents();
  expect(headers.indexOf('重要程度')).toBeLessThan(headers.indexOf('商标名称'));
  expect(headers.indexOf('到期日')).toBeLessThan(headers.indexOf('备注'));

  // Inline edit: double-click, type, Enter; a choice saves when picked; limits are refused.
  const rows = await archiveValues(page);
  const fields: { id: number; fieldTitle: string }[] = await (
    await page.request.post('/customField/getCustomFieldList', { headers: { token: (await storedUser(page)).token }, data: { type: 1 } })
  )
    .json()
    .then((r) => r.data);
  const fieldId = (title: string) => fields.find((f) => f.fieldTitle === title)!.id;
  const cell = (title: string, recordId: number) => table.getByTestId(`custom-cell-${fieldId(title)}-${recordId}`);
  const first = rows[0]!.id;
  await cell('备注', first).dblclick();
  await cell('备注', first).getByRole('textbox').fill('字'.repeat(51));
  await cell('备注', first).getByRole('textbox').press('Enter');
  await expect(toast(page, '备注不能超过 50 个字符')).toBeVisible();
  await cell('备注', first).getByRole('textbox').fill('核心商标');
  await cell('备注', first).getByRole('textbox').press('Enter');
  await expect(cell('备注', first)).toHaveText('核心商标');
  await cell('重要程度', first).dblclick();
  await page.locator('.ant-select-dropdown:visible').getByTitle('高').click();
  await expect(cell('重要程度', first)).toHaveText('高');
  const saved = (await archiveValues(page)).find((r) => r.id === first)!;
  expect(saved.customValues).toMatchObject({ [fieldId('备注')]: '核心商标', [fieldId('重要程度')]: '高' });

  // Batch edit of two selected rows (580 wide).
  await table.getByRole('button', { name: '批量修改自定义字段' }).click();
  await expect(toast(page, '请先选择数据')).toBeVisible();
  await table.getByLabel(`选择第 ${rows[1]!.id} 行`).check();
  await table.getByLabel(`选择第 ${rows[2]!.id} 行`).check();
  await table.getByRole('button', { name: '批量修改自定义字段' }).click();
  const batch = page.getByRole('dialog', { name: '批量修改自定义字段' });
  await expect(batch.locator('xpath=ancestor-or-self::div[contains(@class,"ant-modal")][1]')).toHaveCSS('width', '580px');
  await batch.getByRole('button', { name: /确\s?定/ }).click();
  await expect(toast(page, '请先选择所有要修改的字段')).toBeVisible();
  await batch.getByLabel('第1个字段').first().click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('备注').click();
  await batch.getByLabel('备注').fill('批量值');
  await batch.getByRole('button', { name: /确\s?定/ }).click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect(cell('备注', rows[1]!.id)).toHaveText('批量值');
  await expect(cell('备注', rows[2]!.id)).toHaveText('批量值');
  await page.screenshot({ path: '/tmp/customFields-table.png', fullPage: false });

  // The filter bar offers the field marked as a filter.
  const bar = card.locator('.ipm-filter-bar');
  await bar.getByLabel('重要程度').first().click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('高').click();
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(cell('重要程度', first)).toHaveText('高');
  await card.screenshot({ path: '/tmp/customFields-card.png' });
});
