import { expect, test } from './serverPerWorker.js';
import { callAsPage, openSignedIn } from './support.js';

const TEMPORARY = '绍兴越秀纺织有限公司';
const GROUP = '华东客户';

test('my enterprises: a new group, two enterprises moved into it with 批量移动, the list by group; the address from the register', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/companyList');
  const created = await callAsPage(page, 'enterprise.saveInfo', {
    applicantType: 1,
    bookType: 1,
    applicantName: TEMPORARY,
    applicantAddress: '浙江省绍兴市越城区 1 号',
  });
  const table = page.locator('.ipm-generic-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await table.getByRole('button', { name: '刷新' }).click();
  await expect(rows).toHaveCount(4);

  const tree = page.getByRole('tree', { name: '企业分组' });
  const group = (name: string) => tree.getByRole('treeitem').filter({ hasText: name });
  await expect(group('全部企业')).toContainText('4');
  await expect(group('重点客户')).toContainText('2');
  await expect(group('未分组')).toContainText('2');

  await page.getByRole('button', { name: '新建分组' }).click();
  const naming = page.getByRole('dialog', { name: '新建分组' });
  await naming.getByLabel('分组名称').fill(GROUP);
  await naming.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(`已新建分组“${GROUP}”`)).toBeVisible();
  await expect(group(GROUP)).toContainText('0');

  // Nothing selected: nothing to move.
  await table.getByRole('button', { name: '批量移动' }).click();
  await expect(page.getByText('请先选择数据')).toBeVisible();

  await rows.filter({ hasText: TEMPORARY }).getByRole('checkbox').check();
  await rows.filter({ hasText: '周明' }).getByRole('checkbox').check();
  await table.getByRole('button', { name: '批量移动' }).click();
  const move = page.getByRole('dialog', { name: '批量移动（已选 2 家企业）' });
  await expect(move).toContainText('将所选的 2 家企业移至：');
  await move.getByRole('combobox', { name: '目标分组' }).click();
  await page.locator('.ant-select-dropdown').getByTitle(`${GROUP}（0）`).click();
  const moved = page.waitForRequest((r) => r.url().endsWith('/enterPrise/batchMove'));
  await move.getByRole('button', { name: '确定移动' }).click();
  expect((await moved).postDataJSON()).toEqual({ ids: [created.id, expect.any(Number)], groupId: expect.any(Number) });
  await expect(page.getByText(`已将 2 家企业移至“${GROUP}”`)).toBeVisible();
  await expect(move).toHaveCount(0);
  await expect(group(GROUP)).toContainText('2');
  await expect(group('未分组')).toContainText('0');
  await expect(rows.filter({ hasText: '周明' })).toContainText(GROUP);
  await expect(table.getByRole('checkbox', { checked: true })).toHaveCount(0);

  // The list by group; the filter bar's conditions and the group go together.
  await group(GROUP).click();
  await expect(rows).toHaveCount(2);
  await expect(table).toContainText(TEMPORARY);
  await expect(table).toContainText('周明');
  await expect(table).not.toContainText('杭州青禾食品有限公司');
  await page.locator('.ipm-filter-bar').getByPlaceholder('输入名称关键字').fill('越秀');
  await page
    .locator('.ipm-filter-bar')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(rows).toHaveCount(1);
  await page
    .locator('.ipm-filter-bar')
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect(rows).toHaveCount(2);
  await page.screenshot({ path: '/tmp/admin-enterprise-groups.png' });
  await group('重点客户').click();
  await expect(rows).toHaveCount(2);
  await expect(table).toContainText('杭州青禾食品有限公司');
  await group('全部企业').click();
  await expect(rows).toHaveCount(4);

  // The address helper of the add dialog: the register's addresses of the name typed.
  await page.getByRole('button', { name: '新增企业' }).click();
  const add = page.getByRole('dialog', { name: '新增企业' });
  const field = (label: string) => add.locator('.ant-formily-item').filter({ hasText: label }).locator('input').first();
  await field('申请人名称').fill('杭州青禾食品有限公司');
  await add.getByRole('button', { name: '从公告库查找地址' }).click();
  const lookup = page.getByRole('dialog', { name: '从公告库查找地址' });
  const found = lookup.locator('.ant-list-item').filter({ hasText: '浙江省杭州市西湖区文三路 90 号' });
  await expect(found).toContainText('公告库中出现');
  await lookup.getByLabel('地址关键字').fill('不存在的路');
  await expect(lookup).toContainText('公告库中没有包含这些词的地址');
  await lookup.getByLabel('地址关键字').fill('文三路');
  await found.getByRole('button', { name: '使用' }).click();
  await expect(lookup).toHaveCount(0);
  await expect(field('申请人地址')).toHaveValue('浙江省杭州市西湖区文三路 90 号');
  await page.screenshot({ path: '/tmp/admin-enterprise-add.png' });
  await add.getByRole('button', { name: /取\s*消/ }).click();

  // Deleting the group asks, naming what becomes of its enterprises.
  await group(GROUP).hover();
  await group(GROUP)
    .getByRole('button', { name: `删除分组 ${GROUP}` })
    .click();
  const confirm = page.getByRole('dialog').filter({ hasText: `确认要删除分组“${GROUP}”吗？` });
  await expect(confirm).toContainText('分组中的 2 家企业将移出分组，成为未分组。');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('分组已删除，2 家企业已移出分组')).toBeVisible();
  await expect(group(GROUP)).toHaveCount(0);
  await expect(group('未分组')).toContainText('2');

  await callAsPage(page, 'enterprise.deleteInfo', { id: created.id });
});

test('my enterprises: the e-filing certificate code is set on the detail page and shown masked', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/companyList');
  const created = await callAsPage(page, 'enterprise.saveInfo', { applicantType: 1, bookType: 1, applicantName: '诸暨越秀袜业有限公司' });
  await page.goto(`/system/companyList/detail?id=${created.id}`);
  const status = page.getByLabel('电子申请证书状态');
  await expect(status).toContainText('未设置');
  await status.getByRole('button', { name: /^设\s*置$/ }).click();
  const dialog = page.getByRole('dialog', { name: '设置电子申请证书编码' });
  await dialog.getByLabel('证书编码').fill('UK 12');
  await expect(dialog).toContainText('证书编码为 6 到 64 个字母、数字或英文符号，不含空格');
  await dialog.getByLabel('证书编码').fill('UK-SX-2026-00481234');
  const saved = page.waitForResponse((r) => r.url().endsWith('/softCertificate/saveUKeyCode'));
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  // The answer carries the masked tail only.
  expect(await (await saved).text()).not.toContain('00481234');
  await expect(page.getByText('电子申请证书编码已保存')).toBeVisible();
  await expect(status).toContainText('已设置');
  await expect(status).toContainText('****1234');
  await expect(status).toContainText('王管理 设置于');
  await expect(page.locator('body')).not.toContainText('00481234');
  await page.screenshot({ path: '/tmp/admin-enterprise-ukey.png' });

  // Read again from the server, after a reload.
  await page.reload();
  await expect(status).toContainText('****1234');
  await status.getByRole('button', { name: /^更\s*换$/ }).click();
  await expect(page.getByRole('dialog', { name: '更换电子申请证书编码' })).toBeVisible();
  await page
    .getByRole('dialog', { name: '更换电子申请证书编码' })
    .getByRole('button', { name: /取\s*消/ })
    .click();

  await callAsPage(page, 'enterprise.deleteInfo', { id: created.id });
});
