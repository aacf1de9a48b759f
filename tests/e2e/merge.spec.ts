import { expect, test, type Page } from './serverPerWorker.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { signIn } from './support.js';

interface Mark {
  id: number;
  appNo: string;
  tmCl: number;
  countryCode: string;
  source: number;
  registerId: number | null;
}

/** Marks filed under the same country, number and class, as the merge sees duplicates (other tests add marks too). */
function duplicateGroups(marks: Mark[]): Mark[][] {
  const groups = new Map<string, Mark[]>();
  for (const m of marks) {
    const key = `${m.countryCode}/${m.appNo}/${m.tmCl}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

/** The admin's archive through the API, to know which marks the demo made duplicates of. */
async function archive(page: Page, body: object): Promise<{ list: Mark[]; count: number }> {
  const { username, password } = DEMO_ACCOUNTS.admin;
  const login = await page.request.post('/loginPage/login', {
    data: { username, password: Buffer.from(password).toString('base64'), encryptionType: 'base64' },
  });
  const token = (await login.json()).data.token as string;
  const reply = await page.request.post('/brandArchives/queryBrandPage', { headers: { token }, data: body });
  return (await reply.json()).data;
}

const mergeCard = (page: Page) => page.locator('.ant-card', { hasText: '商标合并与批量任务' });

test('data merge: two duplicates side by side, the kept one chosen, 合并成功 and the list refreshed', async ({ page }) => {
  await signIn(page, 'admin');
  const all = (await archive(page, { countryCode: ['CN'], pageSize: 200 })).list;
  const twins = duplicateGroups(all).find(
    (g) => g.length === 2 && g.some((m) => m.registerId !== null) && all.filter((m) => m.appNo === g[0]!.appNo).length === 2,
  )!;
  expect(twins).toBeDefined();
  const duplicate = twins.find((m) => m.registerId === null)!;
  const kept = twins.find((m) => m.registerId !== null)!;

  await page.goto('/system/blockExample');
  const card = mergeCard(page);
  await card.scrollIntoViewIfNeeded();
  const table = card.locator('.ipm-generic-table');
  await card.locator('.ant-formily-item', { hasText: '关键词' }).locator('input').fill(duplicate.appNo);
  await card.getByRole('button', { name: '查 询' }).click();
  await expect(table.getByText('共 2 条')).toBeVisible();

  // Fewer than two selected: told, nothing opens.
  await table.getByRole('button', { name: '数据合并' }).click();
  await expect(page.getByText('请先选择数据')).toBeVisible();

  for (const mark of twins) await table.getByLabel(`选择第 ${mark.id} 行`).check();
  await table.getByRole('button', { name: '数据合并' }).click();
  const dialog = page.getByRole('dialog', { name: '数据合并' });
  await expect(dialog.getByText('请选择需要保留的商标：')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expect(dialog.getByText('手动录入')).toBeVisible();
  await expect(dialog.getByText('公有云同步')).toBeVisible();
  await expect(dialog.getByText(`申请号：${duplicate.appNo}`)).toHaveCount(2);
  // Measured once the opening animation (a zoom) is over.
  await expect.poll(async () => Math.round((await dialog.locator('.ant-modal-content').boundingBox())!.width)).toBe(850);

  // Without a choice, 确定 asks for one.
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText('请选择需要保留的商标', { exact: true })).toBeVisible();

  // Clicking anywhere in a column picks it.
  await dialog.getByRole('radio', { name: new RegExp(`编号 ${kept.id}）`) }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(`编号 ${kept.id}）`) })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: '/tmp/merging-dialog.png' });
  const confirm = dialog.getByRole('button', { name: /确\s?定/ });
  await confirm.click();
  await expect(confirm).toHaveClass(/ant-btn-loading/);
  await expect(page.getByText('合并成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByText('共 1 条')).toBeVisible();
  await expect(table.getByLabel(`选择第 ${kept.id} 行`)).toBeVisible();
  expect((await archive(page, { keyword: duplicate.appNo })).list.map((m) => m.id)).toEqual([kept.id]);
});

test('overseas duplicates open the overseas merge comparison, differing rows marked', async ({ page }) => {
  await signIn(page, 'admin');
  const overseas = duplicateGroups((await archive(page, { countryCode: ['US'], pageSize: 200 })).list)[0]!;
  expect(overseas).toHaveLength(2);
  const kept = overseas.find((m) => m.source === 0)!;

  await page.goto('/system/blockExample');
  const card = mergeCard(page);
  await card.scrollIntoViewIfNeeded();
  const table = card.locator('.ipm-generic-table');
  await card.locator('.ant-formily-item', { hasText: '关键词' }).locator('input').fill(kept.appNo);
  await card.getByRole('button', { name: '查 询' }).click();
  await expect(table.getByText('共 2 条')).toBeVisible();
  for (const mark of overseas) await table.getByLabel(`选择第 ${mark.id} 行`).check();
  await table.getByRole('button', { name: '数据合并' }).click();

  const dialog = page.getByRole('dialog', { name: '海外商标合并对比' });
  await expect(dialog.getByText('请选择需要保留的商标：')).toBeVisible();
  await expect(dialog.getByText('国家/地区：US')).toHaveCount(2);
  await expect(dialog.getByText('APPLICANT CO., LTD.')).toBeVisible();
  const englishApplicant = dialog.locator('.ipm-merge-label', { hasText: '申请人（英文）' });
  await expect(englishApplicant.getByText('不同')).toBeVisible();
  await expect(dialog.locator('.ipm-merge-label', { hasText: /^申请人不同?$/ }).getByText('不同')).toHaveCount(0);
  await dialog
    .getByRole('radio', { name: new RegExp(`编号 ${kept.id}）`) })
    .getByRole('checkbox')
    .check();
  await page.screenshot({ path: '/tmp/merging-overseas.png' });
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText('合并成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByText('共 1 条')).toBeVisible();
  const left = (await archive(page, { countryCode: ['US'], pageSize: 200 })).list.map((m) => m.id);
  expect(left).toContain(kept.id);
  expect(overseas.filter((m) => m.id !== kept.id).some((m) => left.includes(m.id))).toBe(false);
});

test('batch merge: every remaining duplicate merged in the background, 批量任务列表 shows 成功', async ({ page }) => {
  await signIn(page, 'admin');
  expect(duplicateGroups((await archive(page, { pageSize: 200 })).list).length).toBeGreaterThanOrEqual(1);

  await page.goto('/system/blockExample');
  const card = mergeCard(page);
  await card.scrollIntoViewIfNeeded();
  const table = card.locator('.ipm-generic-table');
  await table.getByRole('button', { name: '批量合并' }).click();
  const ask = page.getByRole('dialog', { name: '批量合并重复商标' });
  await expect(ask).toContainText(/当前条件下的全部 \d+ 件商标/);
  await ask.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText('已创建批量合并任务')).toBeVisible();

  const tasks = page.getByRole('dialog', { name: '批量任务列表' });
  await expect(tasks.getByRole('columnheader', { name: '任务名称' })).toBeVisible();
  await expect(tasks.getByRole('columnheader', { name: '状态' })).toBeVisible();
  await expect(tasks.getByRole('columnheader', { name: '完成时间' })).toBeVisible();
  const row = tasks.locator('tbody tr.ant-table-row').first();
  await expect(row).toContainText('批量商标合并');
  await expect(row).toContainText('成功', { timeout: 20_000 });
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await page.screenshot({ path: '/tmp/merging-tasks.png' });
  await tasks.getByRole('button', { name: 'Close' }).click();

  expect(duplicateGroups((await archive(page, { pageSize: 200 })).list)).toEqual([]);
  // The list button shows the same task.
  await table.getByRole('button', { name: '批量任务列表' }).click();
  await expect(page.getByRole('dialog', { name: '批量任务列表' }).locator('tbody tr.ant-table-row').first()).toContainText('成功');
});
