import { expect, test, type Locator, type Page } from './serverPerWorker.js';
import type { OperationResponse } from '../../src/generated/client.js';
import { callAsPage, navigateInApp, openSignedIn, signIn } from './support.js';

const shot = (page: Page, name: string) => (process.env.E2E_SHOTS ? page.screenshot({ path: `/tmp/tags-${name}.png`, fullPage: false }) : Promise.resolve());

/** The example page's tag card: filter bar, the drawer button and an archive table with tags. */
async function tagCard(page: Page): Promise<Locator> {
  await page.goto('/system/blockExample');
  const card = page.locator('.ant-card').filter({ has: page.getByText('标签与知识图谱', { exact: true }) });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('.ant-table-row').first()).toBeVisible();
  return card;
}

const rowOf = (card: Locator, index: number) => card.locator('.ant-table-tbody .ant-table-row').nth(index);
const treeNode = (drawer: Locator, label: string) =>
  drawer.locator('.ant-tree-treenode').filter({ has: drawer.page().locator('.ipm-tag-node-label', { hasText: new RegExp(`^${label}$`) }) });

test('tags marks through the drawer with tri-state boxes, edits the tree, and shows the brand graph', async ({ page, context }) => {
  await signIn(page, 'admin');
  const card = await tagCard(page);
  await shot(page, 'card');

  // Select the first two rows and open the drawer.
  await rowOf(card, 0).locator('.ant-checkbox-input').check();
  await rowOf(card, 1).locator('.ant-checkbox-input').check();
  const firstName = (await rowOf(card, 0).locator('td').nth(1).innerText()).trim();
  await card.getByRole('button', { name: /新增标签/ }).click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: '新增标签' });
  await expect(drawer.getByText('已选 2 个商标')).toBeVisible();
  await expect(drawer.getByRole('option', { name: /品牌体系/ })).toBeVisible();
  await drawer.getByRole('option', { name: /产品线/ }).click();

  // Add a child under the map's root; it is saved at once and opens for its name.
  await drawer.getByRole('button', { name: '新增子节点 产品线' }).click();
  const nameBox = drawer.getByLabel('节点名称');
  await nameBox.fill('端到端标签');
  await nameBox.press('Enter');
  const node = treeNode(drawer, '端到端标签');
  await expect(node).toBeVisible();
  await shot(page, 'drawer');

  // Check it for both marks and save.
  await node.locator('.ant-tree-checkbox').click();
  await expect(node.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(drawer.getByText(/新增 1 个、删除 0 个标签/)).toBeVisible();
  await drawer.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.locator('.ant-drawer-content')).toHaveCount(0);
  await expect(rowOf(card, 0).getByLabel('标签 端到端标签')).toBeVisible();
  await expect(rowOf(card, 1).getByLabel('标签 端到端标签')).toBeVisible();
  await shot(page, 'tagged');

  // Only the first mark: clear the selection and use the row's own icon; the box is checked.
  await card.getByRole('button', { name: '取消选择' }).click();
  await rowOf(card, 0).getByRole('button', { name: '给该商标加标签' }).click();
  await expect(drawer.getByText('已选 1 个商标')).toBeVisible();
  await drawer.getByRole('option', { name: /产品线/ }).click();
  await expect(node.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  // Unchecking puts it on the delete list; the second mark keeps its tag.
  await node.locator('.ant-tree-checkbox').click();
  await expect(drawer.getByText(/新增 0 个、删除 1 个标签/)).toBeVisible();
  await drawer.getByRole('button', { name: /确\s?定/ }).click();
  await expect(rowOf(card, 0).getByLabel('标签 端到端标签')).toHaveCount(0);
  await expect(rowOf(card, 1).getByLabel('标签 端到端标签')).toBeVisible();

  // Both marks again: now the node is partly selected.
  await rowOf(card, 0).locator('.ant-checkbox-input').check();
  await rowOf(card, 1).locator('.ant-checkbox-input').check();
  await card.getByRole('button', { name: /新增标签/ }).click();
  await drawer.getByRole('option', { name: /产品线/ }).click();
  await expect(node.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await shot(page, 'partial');
  // Closing forgets the lists.
  await node.locator('.ant-tree-checkbox').click();
  await expect(drawer.getByText(/新增 1 个、删除 0 个标签/)).toBeVisible();
  await drawer.getByRole('button', { name: /取\s?消/ }).click();
  await card.getByRole('button', { name: /新增标签/ }).click();
  await drawer.getByRole('option', { name: /产品线/ }).click();
  await expect(node.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(drawer.getByText(/新增 \d+ 个、删除/)).toHaveCount(0);

  // The root has neither a sibling nor a delete; a node asks before it goes, with its tags.
  await expect(drawer.getByRole('button', { name: '新增同级节点 产品线' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: '删除 产品线' })).toHaveCount(0);
  await drawer.getByRole('button', { name: '删除 端到端标签' }).click();
  await expect(page.getByText('确定删除该节点吗？')).toBeVisible();
  await shot(page, 'confirm');
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(node).toHaveCount(0);
  await drawer.getByRole('button', { name: /取\s?消/ }).click();
  await card.getByRole('button', { name: '刷新' }).click();
  await expect(rowOf(card, 1).getByLabel('标签 端到端标签')).toHaveCount(0);

  // A tag deleted from its cell, after confirming.
  const firstTag = rowOf(card, 0).locator('.ant-tag').first();
  if (await firstTag.count()) {
    const label = (await firstTag.innerText()).trim();
    await firstTag.getByRole('button', { name: `删除标签“${label}”` }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s?定/ })
      .click();
    await expect(rowOf(card, 0).getByLabel(`标签 ${label}`)).toHaveCount(0);
  }
  expect(firstName.length).toBeGreaterThan(0);

  // No rows selected: the drawer acts on every mark the filter bar matches.
  await card.getByRole('button', { name: '取消选择' }).click();
  await card.getByPlaceholder('商标名称、申请号、注册号或申请人').fill('明月清风');
  await card.getByRole('button', { name: /查\s?询/ }).click();
  await expect(rowOf(card, 0).locator('td').nth(1)).toHaveText('明月清风');
  const total = Number((await card.locator('.ant-pagination-total-text').innerText()).match(/\d+/)![0]);
  await card.getByRole('button', { name: /新增标签/ }).click();
  await expect(drawer.getByText(`按筛选条件：共 ${total} 个商标`)).toBeVisible();
  await drawer.getByRole('option', { name: /产品线/ }).click();
  await treeNode(drawer, '服装鞋帽').locator('.ant-tree-checkbox').click();
  await drawer.getByRole('button', { name: /确\s?定/ }).click();
  await expect(card.getByLabel('标签 服装鞋帽')).toHaveCount(Math.min(total, 10));

  // The brand graph opens in a new tab with counts; a node lists its marks.
  const [graph] = await Promise.all([context.waitForEvent('page'), card.getByRole('link', { name: '品牌图谱' }).click()]);
  await graph.waitForLoadState();
  await expect(graph.locator('.ant-card-head-title', { hasText: '品牌体系' })).toBeVisible();
  await expect(graph.locator('.ant-card-head-title', { hasText: '产品线' })).toBeVisible();
  const main = graph.locator('.ipm-brand-graph-node[data-node="brand-main"]');
  await expect(main).toBeVisible();
  // The counts come by a call of their own; the node shows its count once they are in.
  await expect(main).toHaveAttribute('data-count', /^[1-9]\d*$/);
  const count = Number(await main.getAttribute('data-count'));
  await main.click();
  const marks = graph.locator('.ipm-brand-graph-marks');
  await expect(marks.getByText('“主品牌”的商标')).toBeVisible();
  await expect(marks.getByText(`共 ${count} 条`)).toBeVisible();
  await expect(marks.locator('.ant-table-row').first()).toBeVisible();
  await shot(graph, 'graph');
});

test('without the tag permissions the drawer says so, and cards offer neither the icon nor delete', async ({ page }) => {
  await signIn(page, 'admin');
  // The page follows the role's keys; the server refuses the calls too (tests/api/brandLabels.test.ts).
  const without = (roleAuth: string) =>
    roleAuth
      .split(',')
      .filter((k) => !['tagsList', 'addTags', 'delTags'].includes(k))
      .join(',');
  await page.route('**/homepage/getUserInfo', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.role.roleAuth = without(body.data.role.roleAuth);
    await route.fulfill({ response, json: body });
  });
  await page.evaluate(
    (strip) => {
      const stored = JSON.parse(localStorage.getItem('store-user') ?? '{}');
      const keys = new Set(strip);
      stored.userInfo.role.roleAuth = String(stored.userInfo.role.roleAuth)
        .split(',')
        .filter((k: string) => !keys.has(k))
        .join(',');
      localStorage.setItem('store-user', JSON.stringify(stored));
    },
    ['tagsList', 'addTags', 'delTags'],
  );
  const card = await tagCard(page);
  await expect(card.locator('.ant-tag').first()).toBeVisible();
  await expect(card.getByRole('button', { name: /^删除标签/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: '给该商标加标签' })).toHaveCount(0);
  await card.getByRole('button', { name: /新增标签/ }).click();
  await expect(page.locator('.ant-drawer-content').getByText('暂无商标列表权限')).toBeVisible();
});

test('creates a map, renames it and changes its colour', async ({ page }) => {
  await signIn(page, 'admin');
  const card = await tagCard(page);
  await rowOf(card, 0).getByRole('button', { name: '给该商标加标签' }).click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: '新增标签' });
  await drawer.getByRole('button', { name: '新建图谱' }).click();
  const dialog = page.locator('.ant-modal-content').filter({ hasText: '新建图谱' });
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(dialog.getByText('请输入图谱名称')).toBeVisible();
  await dialog.getByPlaceholder('如 品牌体系').fill('渠道');
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  const option = drawer.getByRole('option', { name: /渠道/ });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  // The new map's tree is its root alone, named after it.
  await expect(drawer.locator('.ipm-tag-node-label', { hasText: /^渠道$/ })).toBeVisible();

  await drawer.getByRole('button', { name: '编辑图谱 渠道' }).click();
  const edit = page.locator('.ant-modal-content').filter({ hasText: '编辑图谱' });
  await edit.getByPlaceholder('如 品牌体系').fill('销售渠道');
  await edit.locator('.ant-color-picker-trigger').click();
  await page.locator('.ant-color-picker-presets-color').nth(2).click();
  await page.keyboard.press('Escape');
  await edit.getByRole('button', { name: /确\s?定/ }).click();
  const renamed = drawer.getByRole('option', { name: /销售渠道/ });
  await expect(renamed).toBeVisible();
  await expect(renamed.locator('.ipm-tag-map-dot')).toHaveCSS('background-color', 'rgb(82, 196, 26)');
  await expect(drawer.locator('.ipm-tag-node-label', { hasText: /^销售渠道$/ })).toBeVisible();
  await shot(page, 'maps');
  // Saved on the server: the page opened afresh reads it back.
  await page.reload();
  const again = await tagCard(page);
  await rowOf(again, 0).getByRole('button', { name: '给该商标加标签' }).click();
  await expect(drawer.getByRole('option', { name: /销售渠道/ })).toBeVisible();
});

test('the 标签 filter narrows the archive to marks carrying the chosen tag', async ({ page }) => {
  await signIn(page, 'admin');
  const card = await tagCard(page);
  const field = card.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: /^标签/ }) });
  await field.locator('.ant-select-selector').click();
  await page.keyboard.type('云帆');
  const dropdown = page.locator('.ant-select-dropdown').filter({ visible: true });
  await dropdown
    .locator('.ant-select-tree-treenode')
    .filter({ has: page.locator('.ant-select-tree-title', { hasText: /^云帆$/ }) })
    .locator('.ant-select-tree-checkbox')
    .click();
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: /查\s?询/ }).click();
  await expect(card.getByText('标签：云帆')).toBeVisible();
  const rows = card.locator('.ant-table-tbody .ant-table-row');
  await expect(rows.first().getByLabel('标签 云帆')).toBeVisible();
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);
  await expect(card.getByLabel('标签 云帆')).toHaveCount(shown);
  await shot(page, 'filter');
});

test('the brand graph draws each map as a mind map whose branches fold, and a node is chosen from the keyboard', async ({ page }) => {
  await openSignedIn(page, 'admin', '/mindMap');
  const map = page.getByRole('group', { name: '图谱 品牌体系' });
  const node = (id: string) => map.locator(`.ipm-brand-graph-node[data-node="${id}"]`);
  await expect(node('brand-sub')).toHaveAttribute('data-count', /^\d+$/);

  // Each level stands to the right of its parent; siblings stand one above the other.
  const box = async (id: string) => (await node(id).boundingBox())!;
  const [root, main, sub, xingchen] = [await box('brand'), await box('brand-main'), await box('brand-sub'), await box('brand-xingchen')];
  expect(main.x).toBeGreaterThan(root.x + root.width);
  expect(xingchen.x).toBeGreaterThan(main.x + main.width);
  expect(Math.abs(main.x - sub.x)).toBeLessThan(1);
  expect(sub.y).toBeGreaterThan(main.y + main.height);

  // Folding a branch hides its children and keeps the rest; unfolding brings them back.
  const fold = map.getByRole('button', { name: '收起“子品牌”的下级' });
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await fold.click();
  await expect(node('brand-yunfan')).toHaveCount(0);
  await expect(node('brand-qinghe')).toBeVisible();
  await map.getByRole('button', { name: '展开“子品牌”的下级' }).click();
  await expect(node('brand-yunfan')).toBeVisible();

  // A node is a button: focused and pressed with Enter, it lists its marks.
  await node('brand-yunfan').focus();
  await page.keyboard.press('Enter');
  await expect(node('brand-yunfan')).toHaveAttribute('aria-pressed', 'true');
  const count = Number(await node('brand-yunfan').getAttribute('data-count'));
  const marks = page.locator('.ipm-brand-graph-marks');
  await expect(marks.getByText('“云帆”的商标')).toBeVisible();
  await expect(marks.getByText(`共 ${count} 条`)).toBeVisible();
});

type ArchiveMark = OperationResponse<'brandArchives.queryBrandPage'>['list'][number];

/** Every archive mark of the signed-in organisation, with its tags, as the server has them. */
async function archiveMarks(page: Page): Promise<ArchiveMark[]> {
  const { list, count } = await callAsPage(page, 'brandArchives.queryBrandPage', { pageSize: 200 });
  expect(list).toHaveLength(count);
  return list;
}
const taggedWith = (marks: ArchiveMark[], label: string) => marks.filter((m) => m.minMap?.some((t) => t.label === label)).map((m) => m.id);

test('on the archive’s cards one ticked mark is tagged alone, the list view ticks the same marks, and a card’s tag asks before it goes', async ({ page }) => {
  await openSignedIn(page, 'admin', '/brandManage/brandRecord');
  await page.locator('.ant-segmented').getByText('卡片').click();
  const cards = page.getByTestId('tm-card-list').locator('.tm-card');
  await expect(cards.nth(1)).toBeVisible();
  const total = (await archiveMarks(page)).length;
  expect(total).toBeGreaterThan(2);

  // One card ticked: the drawer acts on that mark, not on the filter.
  const first = cards.nth(0);
  const firstId = Number((await first.getAttribute('data-testid'))!.replace('tm-card-', ''));
  await first.getByRole('checkbox').check();
  await expect(page.getByText('已选 1 项')).toBeVisible();
  await page.getByRole('button', { name: /新增标签/ }).click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: '新增标签' });
  await expect(drawer.getByText('已选 1 个商标')).toBeVisible();
  await drawer.getByRole('option', { name: /产品线/ }).click();
  await drawer.getByRole('button', { name: '新增子节点 产品线' }).click();
  await drawer.getByLabel('节点名称').fill('卡片单选');
  await drawer.getByLabel('节点名称').press('Enter');
  const node = treeNode(drawer, '卡片单选');
  await node.locator('.ant-tree-checkbox').click();
  await drawer.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.locator('.ant-drawer-content')).toHaveCount(0);
  await expect(first.getByLabel('标签 卡片单选')).toBeVisible();
  // On the server exactly that mark carries the tag.
  expect(taggedWith(await archiveMarks(page), '卡片单选')).toEqual([firstId]);
  await shot(page, 'card-tagged');

  // Export and merge in the card view see the selection too.
  await page.getByRole('button', { name: /导\s?出/ }).click();
  await expect(page.getByRole('dialog', { name: '导出商标档案' }).getByText('将导出所选的 1 个商标')).toBeVisible();
  await page
    .getByRole('dialog', { name: '导出商标档案' })
    .getByRole('button', { name: /取\s?消/ })
    .click();
  await page.getByTestId('tm-card-list').getByRole('button', { name: '数据合并' }).click();
  await expect(page.getByText('请至少选择两条商标进行合并')).toBeVisible();

  // The list view ticks the same mark; a row ticked there is ticked on the cards.
  await page.locator('.ant-segmented').getByText('列表').click();
  const table = page.locator('.ipm-generic-table');
  await expect(table.getByLabel(`选择第 ${firstId} 行`)).toBeChecked();
  await expect(table.getByRole('status')).toContainText('已选 1 项');
  const secondRow = table
    .locator('tbody tr.ant-table-row')
    .filter({ hasNot: page.getByLabel(`选择第 ${firstId} 行`) })
    .first();
  const secondId = Number(await secondRow.getAttribute('data-row-key'));
  await secondRow.getByRole('checkbox').check();
  await expect(table.getByRole('status')).toContainText('已选 2 项');
  await page.locator('.ant-segmented').getByText('卡片').click();
  await expect(page.getByText('已选 2 项')).toBeVisible();
  await expect(page.getByTestId(`tm-card-${firstId}`).getByRole('checkbox')).toBeChecked();
  await expect(page.getByTestId(`tm-card-${secondId}`).getByRole('checkbox')).toBeChecked();
  await page.getByRole('button', { name: /新增标签/ }).click();
  await expect(drawer.getByText('已选 2 个商标')).toBeVisible();
  await drawer.getByRole('button', { name: /取\s?消/ }).click();
  await page.getByTestId('tm-card-list').getByRole('button', { name: '取消选择' }).click();
  await expect(page.getByText(/已选 \d+ 项/)).toHaveCount(0);

  // The card's ×: named, explained on hover, and asking first; 取消 keeps the tag.
  const remove = first.getByRole('button', { name: '删除标签“卡片单选”' });
  await remove.hover();
  await expect(page.getByRole('tooltip', { name: '删除标签' })).toBeVisible();
  await remove.click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: '确定删除该标签吗？' });
  await expect(confirm.getByText('“卡片单选”将从该商标上移除')).toBeVisible();
  await shot(page, 'card-tag-confirm');
  await confirm.getByRole('button', { name: /取\s?消/ }).click();
  await expect(confirm).toBeHidden();
  expect(taggedWith(await archiveMarks(page), '卡片单选')).toEqual([firstId]);
  await remove.click();
  await confirm.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(first.getByLabel('标签 卡片单选')).toHaveCount(0);
  expect(taggedWith(await archiveMarks(page), '卡片单选')).toEqual([]);

  // The selection is the page's: it stays while its tab is open and goes with the tab.
  await first.getByRole('checkbox').check();
  await page.getByRole('menuitem', { name: '备忘录' }).click();
  await expect(page).toHaveURL('/memo');
  await page.getByRole('tab', { name: '商标档案' }).click();
  await expect(page.getByText('已选 1 项')).toBeVisible();
  await page.locator('.ipm-tags .ant-tabs-tab').filter({ hasText: '商标档案' }).getByLabel('remove').click();
  await navigateInApp(page, '/brandManage/brandRecord');
  await expect(page.getByTestId(`tm-card-${firstId}`)).toBeVisible();
  await expect(page.getByTestId(`tm-card-${firstId}`).getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByText(/已选 \d+ 项/)).toHaveCount(0);
});

test('every icon of the tag tree has a Chinese name and a tooltip', async ({ page }) => {
  await signIn(page, 'admin');
  const card = await tagCard(page);
  await rowOf(card, 0).getByRole('button', { name: '给该商标加标签' }).click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: '新增标签' });
  await drawer.getByRole('option', { name: /品牌体系/ }).click();
  const tree = drawer.locator('.ipm-tag-tree');
  await expect(tree.getByRole('button', { name: '重命名 品牌体系' })).toBeVisible();

  // Each button and switcher in the tree is named in Chinese.
  const names = await tree.locator('button, [role="button"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  expect(names.length).toBeGreaterThan(4);
  for (const name of names) expect(name).toMatch(/[\u4e00-\u9fa5]/);

  // Hovering an icon shows what it does.
  const tooltip = (name: string) => page.getByRole('tooltip', { name });
  const node = treeNode(drawer, '子品牌');
  for (const [button, tip] of [
    ['重命名 子品牌', '重命名'],
    ['新增同级节点 子品牌', '新增同级节点'],
    ['新增子节点 子品牌', '新增子节点'],
    ['删除 子品牌', '删除节点'],
    ['收起“子品牌”的下级', '收起下级'],
  ] as const) {
    await node.getByRole('button', { name: button }).hover();
    await expect(tooltip(tip)).toBeVisible();
  }
  await shot(page, 'tree-tooltip');

  // The switcher folds the branch by its name, and says so.
  await expect(treeNode(drawer, '云帆')).toBeVisible();
  await node.getByRole('button', { name: '收起“子品牌”的下级' }).click();
  await expect(treeNode(drawer, '云帆')).toHaveCount(0);
  await node.getByRole('button', { name: '展开“子品牌”的下级' }).click();
  await expect(treeNode(drawer, '云帆')).toBeVisible();
});
