import { expect, test, type Page } from './serverPerWorker.js';
import { openSignedIn, refusedMarkId, signIn, storedUser } from './support.js';

const shots = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (!shots) return;
  // Dialogs and the loading mask fade; the picture is of the settled page.
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: name.endsWith('-full') });
};

interface Mark {
  id: number;
  tmStatus: string;
  tmName: string;
  appNo: string;
  regNo: string | null;
  tmCl: number | null;
  applicant: string;
  appDate: string | null;
  ownerUserId: number | null;
}

const cards = (page: Page) => page.getByTestId('tm-card-list').locator('.tm-card');
const table = (page: Page) => page.locator('.ipm-generic-table');
const rows = (page: Page) => table(page).locator('tbody tr.ant-table-row');
const totalOf = async (page: Page) => Number((await page.locator('.ipm-pagination:visible .ant-pagination-total-text').textContent())!.match(/\d+/)![0]);

/** The archive as the signed-in user sees it, through the API. */
async function archive(page: Page, query: object = {}): Promise<{ list: Mark[]; count: number }> {
  const { token } = await storedUser(page);
  const reply = await page.request.post('/brandArchives/queryBrandPage', { headers: { token }, data: { pageSize: 200, ...query } });
  return (await reply.json()).data;
}

async function showView(page: Page, view: '卡片' | '列表') {
  await page.locator('.ant-segmented').getByText(view).click();
}

test('the archive as admin: filter, sort, card and table views, detail, edit, similar goods, delete, regNo preselect', async ({ page }) => {
  await openSignedIn(page, 'admin', '/brandManage/brandRecord');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByTestId('archive-statistics')).toContainText('商标总数');
  const all = await archive(page);
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${all.count} 条`);
  await expect(cards(page)).toHaveCount(Math.min(20, all.count));
  await shot(page, 'archive-cards');

  // Filter by name: only marks whose name holds it remain.
  const name = all.list[0]!.tmName;
  await page
    .locator('.ant-formily-item')
    .filter({ has: page.locator('.ant-formily-item-label-content', { hasText: /^商标名称$/ }) })
    .locator('input')
    .fill(name);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const named = all.list.filter((m) => m.tmName.includes(name)).length;
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${named} 条`);
  for (const title of await cards(page).locator('.tm-card-name').allTextContents()) expect(title).toContain(name);
  await page.getByRole('button', { name: /重\s?置/ }).click();
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${all.count} 条`);

  // Filter by status, several at once, behind 展开.
  await page.getByText('展开').click();
  const statusField = page.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label-content', { hasText: /^商标状态$/ }) });
  await statusField.locator('.ant-select-selector').click();
  const dropdown = page.locator('.ant-select-dropdown').filter({ visible: true });
  await dropdown.getByTitle('已注册', { exact: true }).click();
  await dropdown.getByTitle('续展', { exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const registeredCount = all.list.filter((m) => m.tmStatus === '已注册' || m.tmStatus === '续展').length;
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${registeredCount} 条`);
  await expect(page.getByTestId('archive-statistics')).toContainText(String(registeredCount));
  await shot(page, 'filtered-by-status');
  await page.getByRole('button', { name: /重\s?置/ }).click();
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${all.count} 条`);

  // The table view, remembered after a reload.
  await showView(page, '列表');
  await expect(rows(page).first()).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await shot(page, 'archive-table');

  // Sort by the 申请日期 preset: the default order (descending) shows on it, so a click flips it to ascending, the next back.
  const dates = async () =>
    (
      await rows(page)
        .locator('td')
        .nth(0)
        .page()
        .locator('.ipm-generic-table tbody tr.ant-table-row')
        .evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''))
    ).map((t) => t.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? '');
  await expect(page.getByRole('button', { name: /申请日期/ }).first()).toHaveAccessibleName('申请日期 降序');
  await page
    .getByRole('button', { name: /申请日期/ })
    .first()
    .click();
  await expect
    .poll(async () => {
      const d = (await dates()).filter(Boolean);
      return d.length > 0 && d.join() === [...d].sort().join();
    })
    .toBe(true);
  await page
    .getByRole('button', { name: /申请日期/ })
    .first()
    .click();
  await expect
    .poll(async () => {
      const d = await dates();
      return d.join() === [...d].sort().reverse().join();
    })
    .toBe(true);

  // Detail of a registered mark, with its similar goods.
  const registered = all.list.find((m) => m.regNo && m.tmCl)!;
  await page.goto(`/brand/detail?id=${registered.id}`);
  const detail = page.getByTestId('tm-detail');
  await expect(detail).toContainText(registered.appNo);
  await expect(detail).toContainText('宽展期截止日期');
  await expect(detail).toContainText('同名商标');
  await shot(page, 'detail');
  await detail.getByRole('button', { name: '类似商品' }).click();
  const similar = page.getByRole('dialog', { name: '类似商品项' });
  await expect(similar.getByTestId('similar-goods-text').or(similar.getByText('暂无类似商品'))).toBeVisible();
  await shot(page, 'similar-goods');
  await similar.getByRole('button', { name: /关\s?闭/ }).click();

  // Edit in the trademark info dialog; the list shows the change.
  await detail.getByRole('button', { name: /编\s?辑/ }).click();
  const dialog = page.getByRole('dialog', { name: '商标信息' });
  await expect(dialog.getByText('此处录入的商标信息将自动同步至商标档案')).toBeVisible();
  await shot(page, 'edit-dialog');
  const newName = `${registered.tmName}E2E`;
  await dialog.getByLabel('商标名称').fill(newName);
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.locator('.tm-detail-name')).toHaveText(newName);
  await page.goto('/brandManage/brandRecord');
  await expect(table(page).getByText(newName)).toBeVisible();

  // Bad input keeps the dialog open with the server's message.
  await rows(page)
    .filter({ hasText: newName })
    .getByRole('button', { name: /编\s?辑/ })
    .click();
  const again = page.getByRole('dialog', { name: '商标信息' });
  await again.getByLabel('商标名称').fill('');
  await again.getByRole('button', { name: /确\s?定/ }).click();
  await expect(again.getByText('请输入商标名称')).toBeVisible();
  await again.getByRole('button', { name: /取\s?消/ }).click();

  // Delete from the row after confirming.
  const before = await totalOf(page);
  await rows(page)
    .filter({ hasText: newName })
    .getByRole('button', { name: /^删\s?除$/ })
    .click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: '确认要删除吗？' })).toBeVisible();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${before - 1} 条`);
  await expect(table(page).getByText(newName)).toHaveCount(0);

  // regNo preselects the related marks: same name or applicant, checked on the cards.
  await showView(page, '卡片');
  const anchor = all.list.find((m) => m.regNo && m.id !== registered.id)!;
  const related = all.list.filter((m) => m.id !== registered.id && (m.tmName === anchor.tmName || m.applicant === anchor.applicant));
  await page.goto(`/brandManage/brandRecord?regNo=${anchor.regNo}`);
  await expect(page.getByText(`已按注册号 ${anchor.regNo} 预选 ${related.length} 件相关商标`)).toBeVisible();
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${related.length} 条`);
  await expect(page.getByText(`已选 ${Math.min(related.length, 20)} 项`)).toBeVisible();
  await shot(page, 'preselect');
  await page.getByRole('button', { name: '查看全部商标' }).click();
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${all.count - 1} 条`);

  // Organisation settings: expiry counted 12 months ahead.
  await page.getByRole('button', { name: '档案设置' }).click();
  const settings = page.getByRole('dialog', { name: '商标档案设置' });
  await expect(settings.getByLabel('到期提醒提前月数')).toHaveValue('6');
  await settings.getByLabel('到期提醒提前月数').fill('12');
  await shot(page, 'settings-dialog');
  await settings.getByRole('button', { name: /确\s?定/ }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByTestId('archive-statistics')).toContainText('12 个月内到期');
});

test('the archive as an agent: only their own marks, and no way into another’s', async ({ page }) => {
  // The release log stays unread (it shows only on home): the workbench test reads it as the agent.
  await signIn(page, 'agent', { showReleaseLog: true });
  const mine = await archive(page);
  await page.goto('/brandManage/brandRecord');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${mine.count} 条`);
  const owner = mine.list[0]!.ownerUserId;
  expect(mine.list.every((m) => m.ownerUserId === owner)).toBe(true);
  // A mark of the same organisation the agent is not responsible for.
  await page.goto(`/brand/detail?id=${await refusedMarkId(page)}`);
  await expect(page.locator('.ant-alert-message', { hasText: '商标不存在或无权查看' })).toBeVisible();
});

test('the archive as staff: the company’s marks, a new mark by hand, the record detail', async ({ page }) => {
  await signIn(page, 'staff');
  const marks = await archive(page);
  await page.goto('/brandManage/brandRecord');
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${marks.count} 条`);
  // The company's own marks, in the order the server gives them (other tests may have changed the company's marks).
  await expect(cards(page).first()).toContainText(marks.list[0]!.appNo);
  await expect(page.getByRole('button', { name: '档案设置' })).toHaveCount(0);
  await page.getByRole('button', { name: '新增商标' }).click();
  const dialog = page.getByRole('dialog', { name: '新增商标' });
  await dialog.getByLabel('商标名称').fill('手录星辰');
  await dialog.getByLabel('申请号').fill('E2E20260001');
  await dialog.getByLabel('类别').fill('3');
  await dialog.getByLabel('商品/服务项目', { exact: true }).fill('0306 化妆品；香水');
  await shot(page, 'new-mark-dialog');
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${marks.count + 1} 条`);
  await shot(page, 'staff-cards');

  // Batch delete on the cards: two checked, one confirmation.
  const others = cards(page).filter({ hasNotText: '手录星辰' });
  await others.nth(0).getByRole('checkbox').check();
  await others.nth(1).getByRole('checkbox').check();
  await expect(page.getByText('已选 2 项')).toBeVisible();
  await page.getByRole('button', { name: '批量删除' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${marks.count - 1} 条`);
  await expect(page.getByText('已选 2 项')).toHaveCount(0);

  const added = (await archive(page, { appNo: 'E2E20260001' })).list[0]!;
  await page.goto(`/brandManage/brandRecord/recordDetail?id=${added.id}`);
  await expect(page.getByTestId('tm-detail')).toContainText('手动录入');
  await expect(page.getByTestId('tm-detail')).toContainText('陈员工');
  await expect(page.getByTestId('tm-detail')).toContainText('香水');
  await shot(page, 'record-detail');
  await page.goto(`/onlyTrademark?appNo=E2E20260001&tmCl=3`);
  await expect(page.getByTestId('tm-detail')).toContainText('手录星辰');
});

test('the archive as a company administrator: the company’s counts, an applicant found by its English name', async ({ page }) => {
  await signIn(page, 'corpAdmin');
  const marks = await archive(page);
  await page.goto('/brandManage/brandRecord');
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${marks.count} 条`);
  const statistics = page.getByTestId('archive-statistics');
  await expect(statistics).toContainText(`商标总数${marks.count}`);
  const among = (statuses: string[]) => marks.list.filter((m) => statuses.includes(m.tmStatus)).length;
  await expect(statistics).toContainText(
    `已注册${among(['已注册', '续展'])}审查中${among(['申请中', '初审公告', '异议中'])}已失效${among(['已驳回', '已无效', '已销亡'])}`,
  );
  await expect(page.getByRole('button', { name: '自定义字段' })).toBeVisible();

  // A mark found by part of its English applicant name. The demo's overseas filing has one, but another test may have
  // merged it away, so one of the company's marks is given an English name first.
  const own = marks.list.find((m) => m.applicant === '星辰日化股份有限公司')!;
  const { token } = await storedUser(page);
  const named = await page.request.post('/brandArchives/batchUpdateBrands', {
    headers: { token },
    data: { ids: [own.id], fields: [{ field: 'applicantEn', value: 'Starchen Daily Chemical Applicant Co., Ltd.' }] },
  });
  expect(named.status()).toBe(200);
  const english = await archive(page, { applicant: 'applicant co' });
  expect(english.count).toBeGreaterThan(0);
  await page
    .locator('.ant-formily-item')
    .filter({ has: page.locator('.ant-formily-item-label-content', { hasText: /^申请人$/ }) })
    .locator('input')
    .fill('applicant co');
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${english.count} 条`);
  await expect(statistics).toContainText(`商标总数${english.count}`);
  await expect(cards(page).first()).toContainText('星辰日化股份有限公司');
  await shot(page, 'corp-english-applicant');
});

/** Notes in the page whether the shell's full-screen 加载中 mask was ever shown from now on. */
async function watchFullScreenMask(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { fullScreenMaskSeen: boolean };
    w.fullScreenMaskSeen = false;
    const look = () => {
      if (document.querySelector('.ant-spin-fullscreen-show')) w.fullScreenMaskSeen = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    look();
  });
}
const fullScreenMaskSeen = (page: Page) => page.evaluate(() => (window as unknown as { fullScreenMaskSeen: boolean }).fullScreenMaskSeen);

test('the archive opened from the menu shows its own skeleton while the marks load, never the full-screen 加载中 over it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('menuitem', { name: '商标管理' }).click();
  // The marks' answer is held until the page has been looked at.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/brandArchives/queryBrandPage', async (route) => {
    await held;
    await route.continue();
  });
  await watchFullScreenMask(page);
  await page.getByRole('menuitem', { name: '商标档案' }).click();
  await expect(page.getByTestId('tm-card-list').locator('.ant-skeleton')).toBeVisible();
  await expect(page.getByTestId('archive-statistics')).toContainText('商标总数');
  await expect(page.locator('.ant-spin-fullscreen-show')).toHaveCount(0);
  release();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByTestId('tm-card-list').locator('.ant-skeleton')).toHaveCount(0);
  expect(await fullScreenMaskSeen(page)).toBe(false);
});

test('switching back to the kept-alive archive tab shows the same cards at once, without asking for them again', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('menuitem', { name: '商标管理' }).click();
  await page.getByRole('menuitem', { name: '商标档案' }).click();
  await expect(cards(page).first()).toBeVisible();
  await cards(page)
    .first()
    .evaluate((card) => card.setAttribute('data-seen-before', 'yes'));

  const tabs = page.locator('.ipm-tags .ant-tabs-tab');
  await tabs.filter({ hasText: '工作台' }).click();
  await expect(page).toHaveURL('/deal');
  await expect(cards(page).first()).toBeHidden();
  // The workbench reads its reminders when shown; those calls are not the archive's.
  await page.waitForLoadState('networkidle');

  const archiveCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/brandArchives/queryBrandPage' || path === '/brandArchives/getBrandDetailsStatistics') archiveCalls.push(path);
  });
  await watchFullScreenMask(page);
  await tabs.filter({ hasText: '商标档案' }).click();
  await expect(page).toHaveURL('/brandManage/brandRecord');
  // The very card drawn before: the page was kept, not drawn again.
  await expect(cards(page).first()).toHaveAttribute('data-seen-before', 'yes');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByTestId('tm-card-list').locator('.ant-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('archive-statistics')).toBeVisible();
  // Whatever the way back would have asked for has been asked for once the network is quiet.
  await page.waitForLoadState('networkidle');
  expect(archiveCalls).toEqual([]);
  expect(await fullScreenMaskSeen(page)).toBe(false);
});

test('列表 chosen before the organisation’s default view has arrived stays chosen', async ({ page }) => {
  await signIn(page, 'admin');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = page.waitForRequest('**/common/getGlobalConfiguration');
  await page.route('**/common/getGlobalConfiguration', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('menuitem', { name: '商标管理' }).click();
  await page.getByRole('menuitem', { name: '商标档案' }).click();
  await asked;
  await showView(page, '列表');
  await expect(rows(page).first()).toBeVisible();
  const answered = page.waitForResponse('**/common/getGlobalConfiguration');
  release();
  await (await answered).finished();
  // The answer is handled when it is read; a switch to 卡片 would be drawn by the frame after the next.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('tm-card-list')).toBeHidden();
});
