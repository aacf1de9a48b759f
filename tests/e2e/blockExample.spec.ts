import { expect, test } from './serverPerWorker.js';
import { openSignedIn } from './support.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('the building-block example page: attachments upload, download, replace and remove for real', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/blockExample');
  await expect(page.getByRole('heading', { name: '构件示例' })).toBeVisible();
  // A picture that cannot be loaded shows the placeholder instead.
  await expect(page.getByRole('img', { name: '商标图样' })).toHaveAttribute('src', /^data:image\/svg\+xml/);
  const single = page.locator('.ant-formily-item').filter({ hasText: /^附件/ });
  const multi = page.locator('.ant-formily-item').filter({ hasText: '多个附件' });

  await single.locator('input[type=file]').setInputFiles({ name: '委托书.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('上传成功')).toBeVisible();
  await expect(single.getByText('委托书.pdf')).toBeVisible();
  await single.locator('input[type=file]').setInputFiles({ name: '营业执照.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(single.getByText('营业执照.pdf')).toBeVisible();
  await expect(single.getByText('委托书.pdf')).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), single.getByText('营业执照.pdf').click()]);
  expect(download.suggestedFilename()).toBe('营业执照.pdf');
  await expect(page.getByText('开始下载，请稍候')).toBeVisible();

  await multi
    .locator('input[type=file]')
    .setInputFiles({ name: 'setup.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 0x90)]) });
  await expect(page.getByText('文件内容与扩展名 .pdf 不符（实际为 exe）')).toBeVisible();
  await expect(page.getByText('上传失败，请重试')).toBeVisible();
  await expect(multi.getByText('setup.pdf')).toHaveCount(0);

  await multi.locator('input[type=file]').setInputFiles([
    { name: '证据一.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: '证据二.txt', mimeType: 'text/plain', buffer: Buffer.from('使用证据说明') },
  ]);
  await expect(multi.getByText('证据一.pdf')).toBeVisible();
  await expect(multi.getByText('证据二.txt')).toBeVisible();
  await multi
    .locator('.ant-upload-list-item')
    .filter({ hasText: '证据一.pdf' })
    .getByRole('button', { name: /删除|remove|delete/i })
    .click();
  await expect(page.getByText('文件已移除')).toBeVisible();
  await expect(multi.getByText('证据一.pdf')).toHaveCount(0);

  const users = page.locator('.ipm-generic-table').filter({ hasText: '通用表格' }).locator('tbody tr.ant-table-row');
  await expect(users.filter({ hasText: 'agent' })).toHaveCount(1);
  await expect(users.filter({ hasText: 'admin' })).toHaveCount(1);
});

test('a download that answers with JSON is reported as a failed export', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/blockExample');
  const single = page.locator('.ant-formily-item').filter({ hasText: /^附件/ });
  await single.locator('input[type=file]').setInputFiles({ name: '说明.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(single.getByText('说明.pdf')).toBeVisible();
  await page.route('**/api/file/download**', (route) =>
    route.fulfill({ status: 200, json: { code: 500, message: '导出失败', data: null, subCode: 50000, subMessage: '导出失败：文件已被清理' } }),
  );
  await single.getByText('说明.pdf').click();
  await expect(page.getByText('导出失败：文件已被清理')).toBeVisible();
  await expect(page.getByText('文件下载失败，请稍后重试')).toBeVisible();
});

test('form fields, feedback and site content blocks render and work on the example page', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/blockExample');
  const basics = page.locator('.ant-card').filter({ has: page.getByText('表单字段与反馈', { exact: true }) });
  await expect(basics.getByText('以下字段只在本页演示')).toBeVisible();
  for (const label of ['商标名称', '类别', '申请日期', '查询口令', '加急', '已核对委托书', '备注']) {
    await expect(basics.locator('.ant-formily-item-label').filter({ hasText: label }).first()).toBeVisible();
  }
  // A label cut off by its width shows whole in a tooltip under the pointer.
  const cutLabel = basics.locator('.ant-formily-item-label-content').filter({ hasText: '官方文件送达联系人及联系电话' });
  await cutLabel.hover();
  await expect(page.locator('.ant-tooltip').getByText('官方文件送达联系人及联系电话')).toBeVisible();
  await basics.getByText('以下字段只在本页演示').hover();
  await expect(page.locator('.ant-tooltip').getByText('官方文件送达联系人及联系电话')).toBeHidden();
  // A label that fits has none.
  await basics.locator('.ant-formily-item-label-content').filter({ hasText: '商标名称' }).hover();
  await page.waitForTimeout(300);
  await expect(page.locator('.ant-tooltip').getByText('商标名称')).toHaveCount(0);
  // 校验 checks every field by its rules; 清空 empties them.
  await basics.getByRole('button', { name: '校验' }).click();
  await expect(basics.getByText('请输入商标名称')).toBeVisible();
  const name = basics.locator('.ant-formily-item').filter({ hasText: '商标名称' }).locator('input');
  await name.fill('星辰');
  await basics.getByRole('button', { name: '清空' }).click();
  await expect(name).toHaveValue('');
  await expect(basics.getByText('提交成功')).toBeVisible();

  // A dialog form that saves through the server, then a link to where it went.
  await basics.getByRole('button', { name: '新建备忘' }).click();
  const dialog = page.getByRole('dialog', { name: '新建备忘' });
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(dialog.getByText('请输入内容')).toBeVisible();
  await dialog.locator('textarea').fill('构件示例页新建的备忘');
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await basics.getByRole('link', { name: '打开备忘录' }).click();
  await expect(page).toHaveURL('/memo');
  await expect(page.getByText('构件示例页新建的备忘')).toBeVisible();
  const memo = page.getByRole('listitem').filter({ hasText: '构件示例页新建的备忘' });
  await memo.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(memo).toHaveCount(0);

  await page.goto('/system/blockExample');
  const site = page.locator('.ant-card').filter({ has: page.getByText('站点内容', { exact: true }) });
  await expect(site.getByRole('heading', { name: '用户服务协议' })).toBeVisible();
  await expect(site.getByText('商标检索')).toBeVisible();
  await expect(site.getByText('居中面板')).toBeVisible();
  await expect(site.getByRole('button', { name: '获取验证码' })).toBeVisible();
});
