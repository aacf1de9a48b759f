import { expect, test, type Page } from './serverPerWorker.js';
import type { OperationResponse } from '../../src/generated/client.js';
import { callAsPage, openSignedIn } from './support.js';
import { addDays, addMonths, chinaToday, daysBetween, graceEndDate, GRACE_MONTHS } from '../../src/shared/trademarkDates.js';

type Mark = OperationResponse<'brandArchives.queryBrandPage'>['list'][number];

/**
 * The marks a reminder should hold, worked out from the whole archive as the user sees it (not
 * through the expiry condition), nearest deadline first.
 */
async function marksDue(page: Page, expiry: 'expiring' | 'grace'): Promise<Mark[]> {
  const { list } = await callAsPage(page, 'brandArchives.queryBrandPage', { pageSize: 200 });
  const { expiryReminderMonths } = await callAsPage(page, 'brandArchives.getGlobalConfiguration', {});
  const today = chinaToday();
  const [from, to] = expiry === 'expiring' ? [today, addMonths(today, expiryReminderMonths)] : [addMonths(today, -GRACE_MONTHS), addDays(today, -1)];
  return list
    .filter((m) => m.privateEndDate && m.privateEndDate >= from && m.privateEndDate <= to)
    .sort((a, b) => a.privateEndDate!.localeCompare(b.privateEndDate!) || a.id - b.id);
}

const field = (page: Page, label: string) =>
  page.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label-content', { hasText: new RegExp(`^${label}$`) }) });
const total = (page: Page) => page.locator('.ipm-pagination:visible .ant-pagination-total-text');
const cardIds = (page: Page) =>
  page
    .getByTestId('tm-card-list')
    .locator('.tm-card')
    .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-testid')!.slice('tm-card-'.length))));

test('the workbench shows the marks expiring and in grace, each opening the archive on exactly those marks', async ({ page }) => {
  // A condition left in the archive's filter bar, which the workbench's link must not add to.
  await openSignedIn(page, 'agent', '/brandManage/brandRecord');
  await field(page, '商标名称').locator('input').fill('青禾');
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(page.locator('.ipm-filter-chips')).toContainText('商标名称：青禾');

  await page.getByRole('menuitem', { name: '工作台' }).click();
  for (const [title, expiry, chip] of [
    ['即将到期', 'expiring', '到期提醒：即将到期'],
    ['宽展期内', 'grace', '到期提醒：宽展期内'],
  ] as const) {
    const due = await marksDue(page, expiry);
    // The demo's first page of cards holds them all.
    expect(due.length, `${title}: the demo has some`).toBeGreaterThan(0);
    expect(due.length).toBeLessThanOrEqual(20);
    const section = page.locator('.ipm-workbench-section').filter({ hasText: title });
    await expect(section.getByTestId('workbench-section-count')).toHaveText(String(due.length));
    // The nearest first, with the days left to its deadline.
    const nearest = due[0]!;
    const deadline = expiry === 'expiring' ? nearest.privateEndDate! : graceEndDate(nearest.privateEndDate)!;
    const days = daysBetween(chinaToday(), deadline);
    const first = section.getByRole('listitem').first();
    await expect(first).toContainText(nearest.newTmName || nearest.tmName);
    await expect(first).toContainText(deadline);
    await expect(first).toContainText(days === 0 ? '今天到期' : `剩余 ${days} 天`);
    await expect(section.getByRole('listitem')).toHaveCount(Math.min(5, due.length));

    await section.getByRole('link', { name: /在商标档案中查看/ }).click();
    await expect(page).toHaveURL(/\/brandManage\/brandRecord$/);
    const chips = page.locator('.ipm-filter-chips');
    await expect(chips.getByText(chip)).toBeVisible();
    await expect(chips).not.toContainText('商标名称');
    // Polled: the marks of the section before may have the same count.
    await expect.poll(async () => (await cardIds(page)).sort((a, b) => a - b)).toEqual(due.map((m) => m.id).sort((a, b) => a - b));
    await expect(total(page)).toHaveText(`共 ${due.length} 条`);
    await page.locator('.ant-tabs-tab').filter({ hasText: '工作台' }).click();
  }

  // A mark's name opens its own page.
  const nearest = (await marksDue(page, 'expiring'))[0]!;
  await page.locator('.ipm-workbench-section').filter({ hasText: '即将到期' }).getByRole('listitem').first().getByRole('link').click();
  await expect(page).toHaveURL(`/brand/detail?id=${nearest.id}`);
});

test('完成 on a to-do says so and can be taken back with 撤销, on the server too', async ({ page }) => {
  await openSignedIn(page, 'staff', '/deal');
  const before = await callAsPage(page, 'home.todoList', {});
  const todos = page.locator('.ant-card').filter({ hasText: '我的待办' });
  await expect(todos.getByText(`共 ${before.count} 项待办`)).toBeVisible();
  const title = '浏览 45 类商品和服务分类';
  await todos.getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: '完成' }).click();
  const done = page.locator('.ant-message-notice').filter({ hasText: `已完成“${title}”` });
  await expect(done).toBeVisible();
  await expect(todos.getByText(`共 ${before.count - 1} 项待办`)).toBeVisible();
  await expect(todos.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  expect((await callAsPage(page, 'home.todoList', {})).count).toBe(before.count - 1);

  await done.getByRole('button', { name: '撤销' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: `已撤销，“${title}”回到待办` })).toBeVisible();
  await expect(todos.getByRole('listitem').filter({ hasText: title })).toHaveCount(1);
  await expect(todos.getByText(`共 ${before.count} 项待办`)).toBeVisible();
  expect(await callAsPage(page, 'home.todoList', {})).toEqual(before);
});
