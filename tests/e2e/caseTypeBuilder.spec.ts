import { expect, test, type Locator, type Page } from './serverPerWorker.js';
import { callAsPage, openSignedIn, storedUser } from './support.js';

test.use({ viewport: { width: 1440, height: 900 } });

/** The input of a Formily form item in the designer's property panel, by its label. */
function panelField(panel: Locator, label: string): Locator {
  return panel
    .locator('.ant-formily-item')
    .filter({ has: panel.page().locator('.ant-formily-item-label-content', { hasText: new RegExp(`^\\*?${label}$`) }) })
    .locator('input, textarea')
    .first();
}

const section = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

/** Adds a block to the application form from the palette (Enter on it) and names it. */
async function addFormField(page: Page, block: string, name: string, title: string) {
  await page.getByLabel('画布').click({ position: { x: 4, y: 4 } });
  await page.getByRole('button', { name: `构件 ${block}`, exact: true }).press('Enter');
  const panel = page.getByLabel('属性面板');
  await panelField(panel, '字段名').fill(name);
  await panelField(panel, '标题').fill(title);
  await expect(page.getByTestId(`node-${name}`)).toContainText(title);
}

test('an admin builds a case type from blank — form, stages, attachment, fee — previews it, saves with Ctrl+S and publishes it', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/caseCreate');
  await page.getByRole('button', { name: '空白类型' }).click();

  await page.getByLabel('名称', { exact: true }).fill('商标检索报告');
  await page.getByLabel('标识', { exact: true }).fill('trademarkSearchReport');
  await page.getByRole('combobox', { name: '申请书模板' }).click();
  await expect(page.locator('.ant-select-item-option').filter({ hasText: '商标注册申请书' })).toBeVisible();
  await page.keyboard.press('Escape');

  await section(page, '申请表单').click();
  // Page blocks have no place in a case form: the palette offers fields and layout only.
  await expect(page.getByRole('button', { name: '构件 通用表格', exact: true })).toHaveCount(0);
  await addFormField(page, '单行文本', 'brandName', '检索商标');
  await addFormField(page, '多行文本', 'searchScope', '检索范围');

  await section(page, '阶段').click();
  await page.getByRole('button', { name: '添加阶段' }).click();
  await page.getByLabel('第 1 个阶段的名称').fill('检索');
  await page.getByLabel('第 1 个阶段的期限').fill('5');
  await page.getByRole('button', { name: '添加阶段' }).click();
  await page.getByLabel('第 2 个阶段的名称').fill('出具报告');
  await page.getByLabel('第 2 个阶段的期限').fill('10');

  await section(page, '附件').click();
  await page.getByRole('button', { name: '添加附件' }).click();
  await page.getByLabel('第 1 个附件的名称').fill('委托书');

  await section(page, '费用项').click();
  await page.getByRole('button', { name: '添加费用项' }).click();
  await page.getByLabel('第 1 个费用项的名称').fill('检索服务费');
  await page.getByLabel('第 1 个费用项的金额').fill('800');

  // Leaving with unsaved edits asks first; staying keeps everything.
  await expect(page.locator('.ipm-case-builder-head').getByText('未保存')).toBeVisible();
  await page.getByRole('link', { name: '用户与配置' }).click();
  const leave = page.locator('.ant-modal-confirm').filter({ hasText: '确认离开？' });
  await expect(leave).toContainText('未保存的修改将丢失');
  await leave.getByRole('button', { name: /留\s?下/ }).click();
  await expect(page).toHaveURL(/\/system\/caseCreate$/);
  await expect(page.getByLabel('第 1 个费用项的名称')).toHaveValue('检索服务费');

  await page.keyboard.press('Control+s');
  await expect(page.getByText('已保存为第 1 版草稿')).toBeVisible();
  await expect(page.locator('.ipm-case-builder-head').getByText('未保存')).toHaveCount(0);

  // The form as staff will fill it, with the stages, files and fees below.
  await page.getByRole('button', { name: '预览' }).click();
  const preview = page.locator('.ant-drawer').filter({ hasText: '预览：商标检索报告' });
  await expect(preview.locator('.ant-formily-item').filter({ hasText: '检索商标' })).toBeVisible();
  await expect(preview.locator('.ant-formily-item').filter({ hasText: '检索范围' })).toBeVisible();
  await expect(preview).toContainText('5 天内办理');
  await expect(preview).toContainText('委托书（必须）');
  await expect(preview).toContainText('检索服务费');
  await preview.getByRole('button', { name: 'Close' }).or(preview.locator('.ant-drawer-close')).first().click();

  await page.getByRole('button', { name: '发布' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /发\s?布/ })
    .click();
  await expect(page.getByText('已发布第 1 版')).toBeVisible();

  // Stored and published in the designer's version store, listed as such on the next load.
  await page.reload();
  // More than a page of types: found by its key.
  await page.getByLabel('查找类型').fill('trademarkSearchReport');
  const row = page.locator('.ant-table-row').filter({ hasText: 'trademarkSearchReport' });
  await expect(row).toContainText('商标检索报告');
  await expect(row).toContainText('已发布 第 1 版');
  const stored = await callAsPage(page, 'designer.getVersion', { kind: 'caseTypes', key: 'trademarkSearchReport', version: 1 });
  expect(stored.version.status).toBe('published');
  expect(stored.body).toMatchObject({
    title: '商标检索报告',
    stages: [
      { title: '检索', deadlineDays: 5 },
      { title: '出具报告', deadlineDays: 10 },
    ],
    attachments: [{ title: '委托书', required: true }],
    feeItems: [{ name: '检索服务费', amount: 800 }],
  });
  expect(Object.keys((stored.body.form as { properties: object }).properties)).toEqual(['brandName', 'searchScope']);

  // A published type is the starting point of another: everything but its name and key.
  await row.getByRole('button', { name: '复制 商标检索报告' }).click();
  await expect(page.getByLabel('名称', { exact: true })).toHaveValue('商标检索报告（副本）');
  await expect(page.getByLabel('标识', { exact: true })).toHaveValue('trademarkSearchReportCopy1');
  await section(page, '阶段').click();
  await expect(page.getByLabel('第 2 个阶段的名称')).toHaveValue('出具报告');
});

test('a stage without a name is refused with a Chinese message beside the stages, by the page and by the server', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/caseCreate');
  await page.getByRole('button', { name: '空白类型' }).click();
  await page.getByLabel('名称', { exact: true }).fill('商标监测报告');
  await page.getByLabel('标识', { exact: true }).fill('trademarkWatchReport');
  await section(page, '阶段').click();
  await page.getByRole('button', { name: '添加阶段' }).click();
  await page.getByLabel('第 1 个阶段的期限').fill('3');

  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('有 1 处问题，不能发布')).toBeVisible();
  await expect(section(page, '阶段')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.ipm-case-problems')).toContainText('第 1 个阶段：名称不能为空');
  await expect(page.getByLabel('第 1 个阶段的名称')).toHaveClass(/ant-input-status-error/);
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);

  // A draft with the problem may be kept, but the server will not publish it.
  const body = {
    name: 'trademarkWatchReport',
    title: '商标监测报告',
    category: 'case',
    form: { type: 'object', properties: {} },
    stages: [{ key: 'stage1', title: '' }],
  };
  const { token } = await storedUser(page);
  const draft = await callAsPage(page, 'designer.saveDraft', { kind: 'caseTypes', key: 'trademarkWatchReport', body, baseVersion: null });
  expect(draft.problems).toContainEqual({ at: '/stages/0/title', message: '至少要有 1 个字符' });
  const refused = await page.request.post('/designer/publish', {
    headers: { token },
    data: { kind: 'caseTypes', key: 'trademarkWatchReport', version: draft.version },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).message).toContain('/stages/0/title');
});

test('the start list and the version history show how many cases use each version of a type', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/caseCreate');
  // Other tests may add renewals: the counts to show are the server's.
  const usage = (await callAsPage(page, 'caseManage.caseTypeVersionUsage', { caseType: 'renewal' })).list;
  expect(usage.length).toBeGreaterThan(0);
  const open = usage.reduce((sum, u) => sum + u.openCount, 0);
  const total = usage.reduce((sum, u) => sum + u.totalCount, 0);
  await page.getByLabel('查找类型').fill('续展');
  await expect(page.locator('.ant-table-thead')).toContainText('使用中的案件');
  const cell = page.getByTestId('case-usage-renewal');
  await expect(cell).toHaveText(`未办结 ${open} 件（共 ${total} 件）`);
  await cell.hover();
  const builtIn = usage.find((u) => u.version === 0)!;
  await expect(page.locator('.ant-tooltip')).toContainText(`内置版本：未办结 ${builtIn.openCount} 件，共 ${builtIn.totalCount} 件`);
  await page.screenshot({ path: 'test-results/case-type-usage-start.png' });

  await page.goto('/system/designer');
  await page.locator('.ipm-designer-kinds').getByText('案件类型', { exact: true }).click();
  await page.locator('.ipm-designer-list-item').filter({ hasText: '商标续展' }).first().click();
  await page.getByRole('button', { name: '版本历史' }).click();
  const history = page.locator('.ant-drawer').filter({ hasText: '版本历史' });
  await expect(history.getByTestId('case-usage-version-0')).toHaveText(`使用中的案件：未办结 ${builtIn.openCount} 件，共 ${builtIn.totalCount} 件`);
  await page.screenshot({ path: 'test-results/case-type-usage-history.png' });
});
