import { expect, test, type Locator, type Page } from './serverPerWorker.js';
import { openSignedIn, storedUser } from './support.js';

async function openExample(page: Page): Promise<void> {
  await openSignedIn(page, 'admin', '/system/blockExample');
  await expect(page.getByText('选择器与树')).toBeVisible();
}

/** Sets the user's “下次不再提醒” for the regional notice through the real preference call. */
async function setNoRemind(page: Page, noRemind: boolean): Promise<void> {
  const { token } = await storedUser(page);
  const res = await page.request.post('/userCustomDisplay/set', { headers: { token }, data: { displayType: 7, displayContent: JSON.stringify({ noRemind }) } });
  expect(res.ok()).toBe(true);
}

const card = (page: Page) => page.locator('.ant-card').filter({ hasText: '选择器与树' });
const filterCard = (page: Page) => page.locator('.ant-card').filter({ hasText: '筛选栏中的分类与国家' });
const item = (scope: Locator, title: string) =>
  scope.locator('.ant-formily-item').filter({ has: scope.page().locator('.ant-formily-item-label', { hasText: title }) });
const classPanel = (page: Page) => page.locator('.ipm-class-picker-panel').filter({ visible: true });
const column = (page: Page, name: string) => classPanel(page).getByRole('list', { name });
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown').filter({ visible: true });

/** The tags a select shows, without the “+ N ...” placeholder of responsive tag counts. */
const tags = (field: Locator) => field.locator('.ant-select-selection-overflow-item:not(.ant-select-selection-overflow-item-rest) .ant-select-selection-item');

async function scrollToEnd(list: Locator): Promise<void> {
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
}

async function pickCountry(page: Page, field: Locator, name: string): Promise<void> {
  await field.locator('.ant-select-selector').click();
  await page.keyboard.type(name);
  const node = openDropdown(page)
    .locator('.ant-select-tree-treenode')
    .filter({ has: page.locator('.ant-select-tree-title', { hasText: new RegExp(`^${name}$`) }) });
  await node.locator('.ant-select-tree-checkbox').click();
  await page.keyboard.press('Escape');
}

test.describe('pickers and trees on the example page', () => {
  const scriptErrors: string[] = [];
  test.beforeEach(({ page }) => {
    scriptErrors.length = 0;
    page.on('pageerror', (err) => scriptErrors.push(err.message));
  });
  test.afterEach(() => expect(scriptErrors).toEqual([]));

  test('class picker: 300px panel, level lock, unlock on clear, goods 50 at a time', async ({ page }) => {
    await openExample(page);
    const field = item(card(page), '商品分类');
    await field.locator('.ipm-class-picker').click();
    await expect(classPanel(page)).toBeVisible();
    // Measured once the opening animation has finished.
    await expect.poll(() => classPanel(page).evaluate((el) => Math.round(el.getBoundingClientRect().height))).toBe(300);

    await expect(column(page, '大类').getByRole('listitem')).toHaveCount(45);
    await column(page, '大类').getByText('第9类 科学仪器').click();
    await classPanel(page).getByRole('checkbox', { name: '选择 电子计算机及其外部设备', exact: true }).check();
    await expect(tags(field)).toHaveText(['0901 电子计算机及其外部设备']);
    await expect(classPanel(page).getByText('已按“类似群”选择，清空后可选择其他层级')).toBeVisible();
    await expect(classPanel(page).getByRole('checkbox', { name: '选择 科学仪器', exact: true })).toBeDisabled();

    // The goods of 0901 (110 of them) arrive 50 at a time as the list is scrolled to its end.
    await column(page, '类似群').getByText('0901 电子计算机及其外部设备').click();
    const goods = column(page, '商品/服务项');
    await expect(goods.getByRole('listitem')).toHaveCount(50);
    await expect(goods.getByRole('checkbox').first()).toBeDisabled();
    await scrollToEnd(goods);
    await expect(goods.getByRole('listitem')).toHaveCount(100);
    await scrollToEnd(goods);
    await expect(goods.getByRole('listitem')).toHaveCount(110);

    // Clearing frees every level; a goods item then fixes level 2.
    await field.locator('.ipm-class-picker').hover();
    await field.locator('.ant-select-clear').click();
    await expect(tags(field)).toHaveCount(0);
    await expect(classPanel(page).getByRole('checkbox', { name: '选择 科学仪器', exact: true })).toBeEnabled();
    await goods.getByRole('checkbox', { name: '选择 计算机软件（已录制）', exact: true }).check();
    await expect(tags(field)).toHaveText(['计算机软件（已录制）']);
    await expect(classPanel(page).getByRole('checkbox', { name: '选择 科学仪器', exact: true })).toBeDisabled();
    await expect(classPanel(page).getByRole('checkbox', { name: '选择 电子计算机及其外部设备', exact: true })).toBeDisabled();
  });

  test('class picker: the server search waits 500 ms, pages 50 at a time and keeps the level lock', async ({ page }) => {
    await openExample(page);
    const field = item(card(page), '商品分类');
    await field.locator('.ipm-class-picker').click();
    await column(page, '大类').getByText('第9类 科学仪器').click();
    await column(page, '类似群').getByText('0901 电子计算机及其外部设备').click();
    await classPanel(page).getByRole('checkbox', { name: '选择 加法器', exact: true }).check();

    // The search waits for the typing to stop (500 ms by the browser's own clock), then asks the server once.
    const searches: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/classification/search') && searches.push((r.postDataJSON() as { keyword: string }).keyword));
    const input = classPanel(page).getByLabel('搜索商品分类');
    await input.evaluate((el) => el.addEventListener('input', () => el.setAttribute('data-last-input', String(Date.now()))));
    const [search] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/classification/search')), input.pressSequentially('咖啡')]);
    await search.response();
    expect(search.timing().startTime - Number(await input.getAttribute('data-last-input'))).toBeGreaterThanOrEqual(490);
    const results = classPanel(page).getByRole('list', { name: '搜索结果' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    expect(searches).toEqual(['咖啡']);
    await expect(classPanel(page).getByText(/^搜索结果（共 \d+ 条）$/)).toBeVisible();
    await expect(results.getByRole('listitem').filter({ hasText: '类似群' }).filter({ hasText: '3001 咖啡，咖啡代用品，可可' })).toBeVisible();
    await expect(results.getByRole('checkbox', { name: '选择 咖啡，咖啡代用品，可可', exact: true })).toBeDisabled();
    await results.getByRole('checkbox', { name: '选择 咖啡饮料', exact: true }).check();
    await expect(tags(field)).toHaveText(['加法器', '咖啡饮料']);

    // A broad search pages too.
    await classPanel(page).getByLabel('搜索商品分类').fill('机');
    await expect(results.getByRole('listitem')).toHaveCount(50);
    await scrollToEnd(results);
    await expect(results.getByRole('listitem')).toHaveCount(100);

    // Removing the last tag unlocks again.
    await classPanel(page).getByLabel('搜索商品分类').fill('');
    await tags(field).filter({ hasText: '咖啡饮料' }).locator('.ant-select-selection-item-remove').click();
    await tags(field).filter({ hasText: '加法器' }).locator('.ant-select-selection-item-remove').click();
    await expect(tags(field)).toHaveCount(0);
    await expect(classPanel(page).getByRole('checkbox', { name: '选择 科学仪器', exact: true })).toBeEnabled();
  });

  test('tree select: 全选 chooses a node’s children, 取消全选 drops only them', async ({ page }) => {
    await openExample(page);
    const field = item(card(page), '业务类型');
    await field.locator('.ant-select-selector').click();
    const node = (name: string) => openDropdown(page).locator('.ipm-tree-select-all-node').filter({ hasText: name });
    await node('国内商标').getByText('全选', { exact: true }).click();
    await expect(tags(field)).toHaveText(['注册申请', '续展', '转让']);
    await expect(node('国内商标').getByText('全选', { exact: true })).toHaveClass(/disabled/);
    await node('海外商标').getByText('全选', { exact: true }).click();
    await expect(tags(field)).toHaveText(['注册申请', '续展', '转让', '马德里国际注册', '单一国家注册', '地区组织注册']);
    await node('国内商标').getByText('取消全选').click();
    await expect(tags(field)).toHaveText(['马德里国际注册', '单一国家注册', '地区组织注册']);
    await expect(node('国内商标').getByText('取消全选')).toHaveClass(/disabled/);
    // The groups stay selectable on their own.
    await openDropdown(page).locator('.ant-select-tree-treenode').filter({ hasText: '国内商标' }).locator('.ant-select-tree-checkbox').first().click();
    await expect(tags(field)).toHaveText(['马德里国际注册', '单一国家注册', '地区组织注册', '国内商标']);
    await page.keyboard.press('Escape');

    // The same from an operation's tree, with groups that only arrange their children.
    const markets = item(card(page), '重点市场');
    await markets.locator('.ant-select-selector').click();
    const region = openDropdown(page).locator('.ipm-tree-select-all-node').filter({ hasText: '地区组织与国际注册' });
    await region.getByText('全选', { exact: true }).click();
    await expect(tags(markets)).toHaveText(['欧盟', '非洲知识产权组织', '比荷卢', '马德里']);
    await expect(
      openDropdown(page).locator('.ant-select-tree-treenode').filter({ hasText: '地区组织与国际注册' }).locator('.ant-select-tree-checkbox'),
    ).toHaveCount(0);
    await region.getByText('取消全选').click();
    await expect(tags(markets)).toHaveCount(0);
  });

  test('country tree: the regional notice, 下次不再提醒 kept across a reload, member countries of a union', async ({ page }) => {
    await openExample(page);
    await setNoRemind(page, false);
    await page.reload();
    const field = item(card(page), '申请国家/地区');
    const notice = page.getByRole('dialog', { name: '地区注册须知' });

    // Continents group the countries; the regional organisations come first.
    await field.locator('.ant-select-selector').click();
    const groups = openDropdown(page).locator('.ipm-tree-select-all-node');
    await expect(groups.first()).toContainText('地区组织与国际注册');
    await expect(groups.filter({ hasText: '南极洲' })).toHaveCount(1);
    await page.keyboard.press('Escape');

    // A plain country outside the unions brings no notice.
    await pickCountry(page, field, '美国');
    await expect(tags(field)).toHaveText(['美国']);
    await expect(notice).toBeHidden();

    // A member of the EU does; acknowledged without the box, it comes back next time.
    await pickCountry(page, field, '德国');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('欧盟商标向欧盟知识产权局（EUIPO）一次申请、一次注册，在全部 27 个成员国统一有效');
    await expect(notice).toContainText('非知（非洲知识产权组织，OAPI）');
    await expect(notice).toContainText('比利时、荷兰、卢森堡共用一个商标注册体系');
    await notice.getByRole('button', { name: '我知道了' }).click();
    await expect(notice).toBeHidden();
    await pickCountry(page, field, '法国');
    await expect(notice).toBeVisible();
    await notice.getByRole('checkbox', { name: '下次不再提醒' }).check();
    await notice.getByRole('button', { name: '我知道了' }).click();
    await expect(notice).toBeHidden();

    // The choice is the user's display preference 7 and survives a reload.
    await page.reload();
    const again = item(card(page), '申请国家/地区');
    await pickCountry(page, again, '欧盟');
    await expect(tags(again)).toHaveText(['欧盟']);
    await page.waitForTimeout(600);
    await expect(notice).toBeHidden();
    const { token } = await storedUser(page);
    const saved = await page.request.post('/userCustomDisplay/query', { headers: { token }, data: { displayType: 7 } });
    expect((await saved.json()).data).toBe('{"noRemind":true}');

    // A chosen union lists the countries it covers.
    const tip = again.getByText('欧盟（27 个成员国）');
    await expect(tip).toBeVisible();
    await tip.hover();
    const members = page.locator('.ipm-country-member-tip').filter({ visible: true });
    await expect(members).toContainText('选择欧盟，一件注册即在以下 27 个成员国统一有效，不能按国家分割：');
    await expect(members).toContainText('德国');
    await expect(members).toContainText('奥地利');

    // The notice stays readable from its link, showing the saved choice.
    await card(page).getByText('地区注册须知').click();
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('checkbox', { name: '下次不再提醒' })).toBeChecked();
    await notice.getByRole('button', { name: '我知道了' }).click();
    await expect(notice).toBeHidden();

    // Country codes read as Chinese names.
    await expect(item(card(page), '国家名称')).toContainText('欧盟、美国、中国台湾');
    await card(page).getByText('非洲知识产权组织（17 个成员国）').hover();
    await expect(page.locator('.ipm-country-member-tip').filter({ visible: true })).toContainText('喀麦隆');
  });

  test('person search sends nothing for an empty search and finds colleagues by name', async ({ page }) => {
    await openExample(page);
    const calls: unknown[] = [];
    page.on('request', (r) => r.url().endsWith('/brandArchives/getUserList') && calls.push(r.postDataJSON()));
    const field = item(card(page), '提醒人员');
    await field.locator('.ant-select-selector').click();
    await expect(openDropdown(page)).toContainText('请输入搜索内容');
    await page.keyboard.type('   ');
    await page.waitForTimeout(600);
    await expect(openDropdown(page)).toContainText('请输入搜索内容');
    expect(calls).toEqual([]);

    await page.keyboard.press('Control+A');
    await page.keyboard.type('李');
    await openDropdown(page).getByText('李代理').click();
    await expect(tags(field)).toHaveText(['李代理']);
    expect(calls).toEqual([{ search: '李', pageNo: 0, pageSize: 30 }]);
    // Only the own organisation's people are found.
    await page.keyboard.type('赵主管');
    await expect(openDropdown(page)).toContainText('未找到相关人员');
  });

  test('filter bar: class and country conditions read as names on the chips, 清空条件 and 重 置 clear them', async ({ page }) => {
    await openExample(page);
    await setNoRemind(page, true);
    await page.reload();
    const bar = filterCard(page);
    const classes = item(bar, '商品分类');
    const countries = item(bar, '国家/地区');
    const chips = bar.locator('.ipm-filter-chips .ant-tag');

    await classes.locator('.ipm-class-picker').click();
    await classPanel(page).getByRole('checkbox', { name: '选择 科学仪器', exact: true }).check();
    await classPanel(page).getByRole('checkbox', { name: '选择 服装鞋帽', exact: true }).check();
    await page.getByRole('heading', { name: '构件示例' }).click();
    await expect(classPanel(page)).toHaveCount(0);
    await pickCountry(page, countries, '德国');
    await pickCountry(page, countries, '欧盟');
    await bar.getByRole('button', { name: '查 询' }).click();
    await expect(chips).toHaveText(['商品分类：第9类 科学仪器、第25类 服装鞋帽', '国家/地区：德国、欧盟']);

    // What the filter bar keeps (and sends) is the three lists and the codes.
    const { userInfo } = await storedUser(page);
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), `filter:${String(userInfo?.id)}:examplePickers`);
    expect(stored.filterClasses).toEqual({ categories: ['9', '25'], groups: [], goods: [] });
    expect(stored.filterCountries).toEqual(['DE', 'EM']);

    // After a reload the names are looked up again.
    await page.reload();
    await expect(filterCard(page).locator('.ipm-filter-chips .ant-tag')).toHaveText(['商品分类：第9类 科学仪器、第25类 服装鞋帽', '国家/地区：德国、欧盟']);

    // Closing a chip clears that picker and unlocks its levels.
    await filterCard(page).locator('.ipm-filter-chips .ant-tag').filter({ hasText: '商品分类' }).locator('.ant-tag-close-icon').click();
    await expect(filterCard(page).locator('.ipm-filter-chips .ant-tag')).toHaveText(['国家/地区：德国、欧盟']);
    await expect(tags(item(filterCard(page), '商品分类'))).toHaveCount(0);

    await filterCard(page).getByRole('button', { name: '清空条件' }).click();
    await expect(filterCard(page).locator('.ipm-filter-chips')).toHaveCount(0);
    await expect(tags(item(filterCard(page), '国家/地区'))).toHaveCount(0);

    // 重 置 clears a goods choice as well.
    await item(filterCard(page), '商品分类').locator('.ipm-class-picker').click();
    await classPanel(page).getByLabel('搜索商品分类').fill('咖啡饮料');
    await classPanel(page).getByRole('checkbox', { name: '选择 咖啡饮料', exact: true }).check();
    await page.getByRole('heading', { name: '构件示例' }).click();
    await filterCard(page).getByRole('button', { name: '查 询' }).click();
    await expect(filterCard(page).locator('.ipm-filter-chips .ant-tag')).toHaveText(['商品分类：咖啡饮料']);
    await filterCard(page).getByRole('button', { name: '重 置' }).click();
    await expect(filterCard(page).locator('.ipm-filter-chips')).toHaveCount(0);
    await expect(tags(item(filterCard(page), '商品分类'))).toHaveCount(0);
  });
});
