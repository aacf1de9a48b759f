import { expect, test, type Locator, type Page, type Response } from './serverPerWorker.js';
import { openSignedIn, signIn, storedUser } from './support.js';

test.use({ viewport: { width: 1680, height: 1000 } });

async function openInDesigner(page: Page, title: string) {
  await page.goto('/system/designer');
  await page.getByPlaceholder('按标题或路由查找').fill(title);
  await page.locator('.ipm-designer-list-item').filter({ hasText: title }).first().click();
  await expect(page.locator('.ipm-designer-toolbar')).toBeVisible();
}

/** The input of a Formily form item by its label. */
function field(scope: Locator, label: string): Locator {
  return scope
    .locator('.ant-formily-item')
    .filter({ has: scope.page().locator('.ant-formily-item-label-content', { hasText: new RegExp(`^\\*?${label}$`) }) })
    .locator('input, textarea')
    .first();
}

/** 版本历史 → 回到内置版本, confirmed: the open schema is the built-in one again. */
async function backToBuiltIn(page: Page) {
  await page.getByRole('button', { name: '版本历史' }).click();
  await page.getByRole('button', { name: '回到内置版本' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(page.getByText('已回到内置版本')).toBeVisible();
}

async function publish(page: Page, version: number) {
  // What the designer's calls answered, so a failure says why it was not published.
  const replies: string[] = [];
  const record = (response: Response) => {
    if (response.url().includes('/designer/'))
      void response.text().then(
        (text) => replies.push(`${response.url()} ${response.status()} ${text.slice(0, 300)}`),
        () => undefined,
      );
  };
  page.on('response', record);
  try {
    await page.getByRole('button', { name: '发布' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /发\s?布/ })
      .click();
    await expect(page.getByText(`已发布第 ${version} 版`)).toBeVisible();
  } catch (error) {
    const shown = await page.locator('.ant-message-notice, .ant-modal-confirm').allInnerTexts();
    throw new Error(`${(error as Error).message}\n页面提示：${shown.join(' | ')}\n设计器调用：\n${replies.join('\n')}`, { cause: error });
  } finally {
    page.off('response', record);
  }
}

test('a company admin adds a field to a form visually, previews it as staff, publishes it for staff, and rolls it back', async ({ page, browser }) => {
  await signIn(page, 'corpAdmin');
  await openInDesigner(page, '备忘录');

  // Drag 单行文本 from the palette into the memo form, before its 内容 field.
  await page.getByRole('button', { name: '构件 单行文本' }).dragTo(page.getByTestId('drop-grid.newCol.new.form-0'));
  const panel = page.getByLabel('属性面板');
  await expect(panel).toBeVisible();
  await field(panel, '字段名').fill('subject');
  await field(panel, '标题').fill('主题');
  await expect(page.getByTestId('node-grid.newCol.new.form.subject')).toContainText('主题');

  // The real runtime renders it beside the editor, as the staff role sees it.
  const preview = page.locator('.ipm-designer-preview');
  await preview.getByRole('combobox', { name: '预览角色' }).click({ force: true });
  await page.locator('.ant-select-item-option').filter({ hasText: '以员工身份' }).click();
  await expect(preview.getByText('主题')).toBeVisible();
  await expect(page.locator('.ipm-designer-toolbar').getByText('未保存')).toBeVisible();

  // Undo takes the title back, redo restores it.
  await page.getByRole('button', { name: '撤销' }).click();
  await expect(page.getByTestId('node-grid.newCol.new.form.subject')).not.toContainText('主题');
  await page.getByRole('button', { name: '重做' }).click();
  await expect(page.getByTestId('node-grid.newCol.new.form.subject')).toContainText('主题');

  await publish(page, 1);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await openSignedIn(staff, 'staff', '/memo');
  await expect(staff.locator('.ant-formily-item').filter({ hasText: '主题' })).toBeVisible();

  // The published version against the built-in one, side by side.
  await page.getByRole('button', { name: '版本历史' }).click();
  const history = page.locator('.ant-drawer').filter({ hasText: '版本历史' });
  await history.locator('.ant-list-item').filter({ hasText: '内置版本' }).getByRole('button', { name: '比较' }).click();
  await expect(page.getByRole('tab', { name: '差异', selected: true })).toBeVisible();
  await expect(page.getByTestId('diff-view').locator('.monaco-diff-editor')).toBeVisible();
  await expect(page.getByTestId('diff-view')).toContainText('subject');

  await backToBuiltIn(page);

  await staff.reload();
  await expect(staff.locator('.ant-formily-item').filter({ hasText: '内容' })).toBeVisible();
  await expect(staff.locator('.ant-formily-item').filter({ hasText: '主题' })).toHaveCount(0);
  await staffContext.close();
});

test('a column added to a list page visually appears on the page once published', async ({ page }) => {
  await signIn(page, 'admin');
  await openInDesigner(page, '我的企业');
  await page.getByTestId('node-layout.main.table').click({ position: { x: 12, y: 12 } });
  const panel = page.getByLabel('属性面板');
  await panel.getByRole('button', { name: '添加列' }).click();
  // The columns' list (the row buttons' list follows it in the panel).
  const columns = panel
    .locator('.ant-formily-array-items')
    .filter({ has: page.getByRole('button', { name: '添加列' }) })
    .last();
  const added = columns.locator('.ant-formily-array-items-item').last();
  await field(added, '字段').fill('certificateNo');
  await field(added, '列名').fill('证件号码');
  await expect(page.locator('.ipm-designer-preview').getByRole('columnheader', { name: '证件号码' })).toBeVisible();
  await publish(page, 1);

  await page.goto('/system/companyList');
  await expect(page.locator('.ipm-generic-table:visible').getByRole('columnheader', { name: '证件号码' })).toBeVisible();

  // Back to the built-in list, so the page is as other tests expect it.
  await openInDesigner(page, '我的企业');
  await backToBuiltIn(page);
});

test('the trademark info form changed in the designer is the one the archive’s 编辑 opens, until it goes back to the built-in one', async ({ page }) => {
  await signIn(page, 'admin');
  const { token } = await storedUser(page);
  const rollBackByApi = () => page.request.post('/designer/rollback', { headers: { token }, data: { kind: 'forms', key: 'trademarkEdit', version: 0 } });
  try {
    await page.goto('/system/designer');
    await page.locator('.ipm-designer-kinds').getByText('表单').click();
    await page.getByPlaceholder('按标题或路由查找').fill('商标信息');
    await page.locator('.ipm-designer-list-item').filter({ hasText: 'trademarkEdit' }).click();
    await expect(page.locator('.ipm-designer-toolbar')).toBeVisible();

    // 注册号 renamed 注册证号 on the canvas; the preview beside renders the dialog's form.
    await page.getByTestId('node-fields.main.regNo').click();
    const panel = page.getByLabel('属性面板');
    await expect(panel).toBeVisible();
    await field(panel, '标题').fill('注册证号');
    await expect(page.getByTestId('node-fields.main.regNo')).toContainText('注册证号');
    await expect(page.locator('.ipm-designer-preview').getByText('注册证号')).toBeVisible();
    await publish(page, 1);

    // The archive's first card, as the API lists it: its 编辑 shows the published form, with the mark's values.
    const reply = await page.request.post('/brandArchives/queryBrandPage', { headers: { token }, data: {} });
    const first = (await reply.json()).data.list[0] as { appNo: string; regNo: string | null };
    await page.goto('/brandManage/brandRecord');
    const card = page.getByTestId('tm-card-list').locator('.tm-card').first();
    await expect(card).toContainText(first.appNo);
    await card.getByRole('button', { name: /编\s?辑/ }).click();
    const dialog = page.getByRole('dialog', { name: '商标信息' });
    await expect(dialog.getByLabel('注册证号')).toHaveValue(first.regNo ?? '');
    await expect(dialog.getByLabel('申请号')).toHaveValue(first.appNo);
    await expect(dialog.getByText('注册号', { exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: /取\s?消/ }).click();

    // Back to the built-in form in the designer: the dialog says 注册号 again.
    await page.goto('/system/designer');
    await page.locator('.ipm-designer-kinds').getByText('表单').click();
    await page.locator('.ipm-designer-list-item').filter({ hasText: 'trademarkEdit' }).click();
    await backToBuiltIn(page);
    await page.goto('/brandManage/brandRecord');
    await page
      .getByTestId('tm-card-list')
      .locator('.tm-card')
      .first()
      .getByRole('button', { name: /编\s?辑/ })
      .click();
    await expect(dialog.getByLabel('注册号')).toHaveValue(first.regNo ?? '');
    await expect(dialog.getByText('注册证号')).toHaveCount(0);
  } finally {
    // Other tests of this worker's server open the dialog: whatever happened above, the built-in form is in effect.
    await rollBackByApi();
  }
});

test('an error typed into the source is underlined at its place and never published', async ({ page }) => {
  await signIn(page, 'admin');
  await openInDesigner(page, '备忘录');
  await page.getByRole('tab', { name: '源码' }).click();
  const editor = page.getByTestId('source-editor');
  await expect(editor.locator('.monaco-editor')).toBeVisible();
  // Find the memo's editor component and type a component name that does not exist over it.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+F');
  const find = editor.locator('.find-widget.visible');
  await expect(find).toBeVisible();
  await page.keyboard.type('RichTextEditor');
  await expect(find).toContainText('1 of 1');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(find).toHaveCount(0);
  await page.keyboard.press('Backspace');
  // Completion offers the registered components, with their Chinese titles.
  await page.keyboard.press('Control+Space');
  const suggestions = editor.locator('.suggest-widget');
  await expect(suggestions).toContainText('AttachmentUpload');
  // The list is longer than the widget shows; typing narrows it to the rest.
  await page.keyboard.type('Dialog');
  await expect(suggestions).toContainText('DialogFormButton');
  await page.keyboard.press('Escape');
  for (let i = 0; i < 'Dialog'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('NoSuchInput');

  const problems = page.locator('.ipm-designer-problems');
  await expect(problems).toContainText('未注册的组件 NoSuchInput');
  await expect(problems).toContainText('/body/properties/grid/properties/newCol/properties/new/properties/form/properties/content/x-component');
  await expect(editor.locator('.squiggly-error').first()).toBeVisible();

  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('有 1 处问题，不能发布')).toBeVisible();

  // The visual view opens the same edit: the broken node is there, nothing was lost.
  await page.getByRole('tab', { name: '可视化' }).click();
  await expect(page.getByTestId('node-grid.newCol.new.form.content')).toContainText('NoSuchInput');
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} 没有显示`);
  return box;
}

/** The element is inside the viewport and nothing covers it: its centre and both ends hit it. */
async function expectUncovered(locator: Locator) {
  await expect(locator).toBeVisible();
  const result = await locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const inside = r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
    const y = r.top + r.height / 2;
    const covered = [r.left + 2, r.left + r.width / 2, r.right - 2].filter((x) => {
      const hit = document.elementFromPoint(x, y);
      return !hit || !(element === hit || element.contains(hit) || hit.contains(element));
    });
    return { inside, covered: covered.length };
  });
  expect(result).toEqual({ inside: true, covered: 0 });
}

/** No label is cut short with an ellipsis. */
async function expectWhole(labels: Locator, texts: string[]) {
  await expect(labels).toHaveText(texts);
  const cut = await labels.evaluateAll((elements) => elements.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent));
  expect(cut).toEqual([]);
}

for (const width of [1440, 1280]) {
  test(`at ${width} px the preview, the outline and the property panel sit apart, every label is whole, and sample rows show option labels`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openSignedIn(page, 'admin', '/system/designer');
    await expectWhole(page.locator('.ipm-designer-kinds .ant-segmented-item-label'), ['页面', '表单', '字段类型', '案件类型']);

    await page.getByPlaceholder('按标题或路由查找').fill('我的企业');
    await page.locator('.ipm-designer-list-item').filter({ hasText: '我的企业' }).first().click();
    await expect(page.locator('.ipm-designer-toolbar')).toBeVisible();
    await expectWhole(page.locator('.ipm-designer-editor').getByRole('tab'), ['可视化', '源码', '差异']);

    await page.getByTestId('node-layout.main.filters.applicantType').click();
    const panel = page.getByLabel('属性面板');
    await expect(field(panel, '标题')).toHaveValue('申请人类型');
    const preview = page.locator('.ipm-designer-preview');
    // Sample rows take the table column's options in turn: labels, never the codes 2 and 3.
    await expect(preview.locator('.ipm-cell-tag')).toHaveText(['个人', '中国大陆', '法人或其他组织', '其他地区', '个人', '中国大陆']);

    // With the schema list closed (as after choosing) and open beside.
    for (const listOpen of [false, true]) {
      if (listOpen) {
        await page.getByRole('button', { name: '描述列表', exact: true }).click();
        await expect(page.locator('.ipm-designer-side')).toBeVisible();
        await expectWhole(page.locator('.ipm-designer-kinds .ant-segmented-item-label'), ['页面', '表单', '字段类型', '案件类型']);
      }
      const parts = {
        preview: await boxOf(preview),
        panel: await boxOf(panel),
        canvas: await boxOf(page.getByLabel('画布')),
        outline: await boxOf(page.locator('.ipm-designer-outline')),
        palette: await boxOf(page.getByLabel('构件面板')),
      };
      const names = Object.keys(parts) as Array<keyof typeof parts>;
      const clashes = names.flatMap((a, i) =>
        names
          .slice(i + 1)
          .filter((b) => overlaps(parts[a], parts[b]))
          .map((b) => `${a}/${b}`),
      );
      expect(clashes).toEqual([]);
      await expectUncovered(field(panel, '标题'));
      await expectUncovered(panel.getByRole('button', { name: '删除节点' }));
    }
  });
}
