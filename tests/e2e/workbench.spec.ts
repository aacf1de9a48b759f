import { expect, test } from './serverPerWorker.js';
import { randomBytes } from 'node:crypto';
import { signTicket } from '../../src/server/auth/sso.js';
import { E2E_SSO_SECRET } from './ssoSecret.js';
import { openSignedIn, signIn } from './support.js';

test('home shows banners and the release log once, until 我知道了', async ({ page }) => {
  await signIn(page, 'agent', { showReleaseLog: true });
  await expect(page.locator('.ipm-slide').filter({ hasText: '商标档案一站管理' }).first()).toBeAttached();
  const dialog = page.getByRole('dialog', { name: /更新日志 · 0\.1\.0/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: /欢迎回来/ })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the workbench lists to-dos and messages; items can be completed and read', async ({ page }) => {
  await signIn(page, 'corpAdmin');
  await page.getByRole('menuitem', { name: '工作台' }).click();
  const todos = page.locator('.ant-card').filter({ hasText: '我的待办' });
  await expect(todos.getByText('共 2 项待办')).toBeVisible();
  await todos.getByRole('listitem').filter({ hasText: '浏览 45 类商品和服务分类' }).getByRole('button', { name: '完成' }).click();
  await expect(todos.getByText('共 1 项待办')).toBeVisible();

  // The demo's messages and any other tests sent (a mention in a case, say): all unread until read here.
  const messages = page.locator('.ant-card').filter({ hasText: '消息' }).last();
  const summary = messages.getByText(/^未读 \d+ 条$/);
  await expect(summary).toBeVisible();
  const unread = Number(/\d+/.exec((await summary.textContent()) ?? '')![0]);
  expect(unread).toBeGreaterThanOrEqual(2);
  // The demo's proposals tell the administrator of approvals too: the newest unread message is read here.
  await messages.getByRole('button', { name: '标为已读' }).first().click();
  await expect(messages.getByText(`未读 ${unread - 1} 条`)).toBeVisible();
  await messages.getByRole('button', { name: '全部已读' }).click();
  await expect(messages.getByText('未读 0 条')).toBeVisible();
  await expect(messages.getByRole('button', { name: '标为已读' })).toHaveCount(0);

  const group = page.locator('.ant-card').filter({ hasText: '组织概况' });
  await expect(group).toContainText('星辰日化股份有限公司');
  await expect(group).toContainText('企业');
});

test('the personal centre changes the name and the password, checking the confirmation', async ({ page }) => {
  await openSignedIn(page, 'staff', '/personal');
  const profile = page.locator('.ant-card').filter({ hasText: '基本资料' });
  await expect(profile.getByRole('textbox')).toHaveValue('陈员工');
  await profile.getByRole('textbox').fill('陈小员工');
  await profile.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('资料已保存')).toBeVisible();
  await expect(page.getByTestId('current-user')).toHaveText('陈小员工');

  const password = page.locator('.ant-card').filter({ hasText: '修改密码' });
  await password.getByRole('button', { name: '修改密码' }).click();
  await expect(password.getByText('请输入原密码')).toBeVisible();
  const inputs = password.locator('input[type=password]');
  await inputs.nth(0).fill('Staff@2026');
  await inputs.nth(1).fill('Better2027');
  await inputs.nth(2).fill('Better2028');
  await password.getByRole('button', { name: '修改密码' }).click();
  await expect(password.getByText('两次输入的新密码不一致')).toBeVisible();
  await inputs.nth(2).fill('Better2027');
  await password.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码已修改，其他设备上的登录已退出')).toBeVisible();
  await expect(inputs.nth(0)).toHaveValue('');
  // Back to the demo password, for whoever signs in as staff next.
  await inputs.nth(0).fill('Better2027');
  await inputs.nth(1).fill('Staff@2026');
  await inputs.nth(2).fill('Staff@2026');
  await password.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码已修改，其他设备上的登录已退出')).toHaveCount(2);
  // And the demo name, which other tests look for (an @mention of 陈员工, say).
  await profile.getByRole('textbox').fill('陈员工');
  await profile.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByTestId('current-user')).toHaveText('陈员工');
});

test('the phone number changes only after a code is sent', async ({ page }) => {
  await openSignedIn(page, 'admin', '/personal');
  const phone = page.locator('.ant-card').filter({ hasText: '手机号' }).first();
  await phone.getByRole('button', { name: '获取验证码' }).click();
  await expect(phone.getByText('请输入新手机号')).toBeVisible();
  await phone.getByPlaceholder('请输入新手机号').fill('13711112222');
  await phone.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await expect(phone.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  await phone.getByPlaceholder('6 位验证码').fill('000000');
  await phone.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText(/验证码不正确|请先获取验证码/)).toBeVisible();
});

test('the agreement is readable without signing in and linked from the login page', async ({ page, context }) => {
  await page.goto('/login');
  const [agreement] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: '《用户服务协议》' }).click()]);
  await expect(agreement).toHaveURL(/\/agreement$/);
  await expect(agreement.getByRole('heading', { name: '用户服务协议' })).toBeVisible();
  await expect(agreement.getByText(/数据归属与保密/)).toBeVisible();
});

test('/middleware forwards within the site only', async ({ page }) => {
  await page.goto('/middleware?target=%2Ftry45');
  await expect(page).toHaveURL('/try45');
  await page.goto('/middleware?target=%2F%2Fevil.example');
  await expect(page).toHaveURL('/');
});

test('/sso/auth without a ticket explains itself and offers the password login', async ({ page }) => {
  await page.goto('/sso/auth');
  await expect(page.getByText('单点登录未成功')).toBeVisible();
  await expect(page.getByText('链接中缺少登录票据（ticket）')).toBeVisible();
  await page.getByRole('button', { name: '使用账号密码登录' }).click();
  await expect(page).toHaveURL('/login');
});

test('a signed single sign-on ticket signs the user in and lands home', async ({ page }) => {
  const ticket = signTicket(E2E_SSO_SECRET, { username: 'agent', exp: Math.floor(Date.now() / 1000) + 120, nonce: randomBytes(8).toString('hex') });
  await page.goto(`/sso/auth?ticket=${encodeURIComponent(ticket)}`);
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('current-user')).toHaveText('李代理');
  await page.goto(`/callBack?ticket=${encodeURIComponent(ticket)}`);
  await expect(page.locator('.ant-result-subtitle')).toHaveText('单点登录票据已被使用');
});

test('the memo page adds, finds and deletes notes, asking before deleting', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('menuitem', { name: '备忘录' }).click();
  const list = page.locator('.ant-card').filter({ hasText: '我的备忘' });
  await expect(list.getByText('还没有备忘')).toBeVisible();
  const form = page.locator('.ant-card').filter({ hasText: '新建备忘' });
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('请输入内容')).toBeVisible();
  for (const text of ['周五前确认续展材料', '给客户发送驳回复审报价']) {
    await form.getByRole('textbox').fill(text);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(list.getByText(text)).toBeVisible();
  }
  await expect(form.getByRole('textbox')).toHaveText('');
  await expect(list.getByText('共 2 条')).toBeVisible();
  await list.getByLabel('搜索备忘内容').fill('报价');
  await expect(list.getByText('共 1 条')).toBeVisible();
  await list.getByLabel('搜索备忘内容').fill('');
  await expect(list.getByText('共 2 条')).toBeVisible();
  await list.getByRole('listitem').filter({ hasText: '周五前确认续展材料' }).getByRole('button', { name: '删除' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('确认要删除吗？');
  await expect(dialog.locator('.ant-modal-confirm-content')).toHaveText('此操作不可逆，请核对后删除。');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(list.getByText('共 2 条')).toBeVisible();
  await list.getByRole('listitem').filter({ hasText: '周五前确认续展材料' }).getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(list.getByText('共 1 条')).toBeVisible();
});
