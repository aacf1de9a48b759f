import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './serverPerWorker.js';
import { callApi } from './callApi.js';
import type { LoginResult } from '../../src/generated/types.js';
import { drawnPng } from './testFiles.js';

/** What the proposal journeys share: colleagues added for the test, the proposal page's form, flow chart and decisions, and the flow designer's side panel. */

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export interface Colleague {
  username: string;
  password: string;
  name: string;
  id: number;
}

/** A colleague the company's administrator adds with the staff role, who then sets a password of their own. */
export async function addColleague(request: APIRequestContext, adminToken: string, roleId: number, departmentId: number, name: string): Promise<Colleague> {
  const username = `p${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const first = 'First2026a';
  const password = 'Mine2026b';
  const created = await callApi(
    request,
    'user.save',
    {
      username,
      name,
      phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      email: `${username}@example.com`,
      roleId,
      departmentId,
      firstPassword: base64(first),
      encryptionType: 'base64',
    },
    adminToken,
  );
  const signedIn = await callApi(request, 'auth.login', { username, password: base64(first), encryptionType: 'base64' });
  await callApi(request, 'account.changePassword', { oldPassword: base64(first), newPassword: base64(password), encryptionType: 'base64' }, signedIn.token);
  return { username, password, name, id: created.id };
}

/** Opens a page signed in as a colleague the test added (the demo accounts go through openSignedIn). */
export async function openAs(page: Page, who: Colleague, path: string, options: { fullScreen?: boolean } = {}): Promise<void> {
  const login: LoginResult = await callApi(page.request, 'auth.login', { username: who.username, password: base64(who.password), encryptionType: 'base64' });
  const version = (await callApi(page.request, 'site.queryReleaseLog', {}, login.token)).unreadVersion;
  if (version) await page.request.post('/api/setUpTheReleaseLog', { headers: { token: login.token }, data: { version } });
  await page.goto('/api/health');
  await page.evaluate((user) => localStorage.setItem('store-user', user), JSON.stringify({ token: login.token, userInfo: login.userInfo }));
  await page.goto(path);
  // Full-screen pages (the phone's) have no header naming the user.
  if (!options.fullScreen) await expect(page.getByTestId('current-user')).toHaveText(who.name);
}

/** A field of the proposal form on screen (kept-open pages hold forms of their own). */
export function field(page: Page, label: string): Locator {
  return page
    .locator('.proposal-page:visible .ant-formily-item')
    .filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\*?\\s*${label}\\s*[:：]?$`) }) })
    .first();
}

export async function addGoods(page: Page, tmCl: number, keyword: string): Promise<void> {
  const editor = field(page, '类别与商品');
  await editor.getByRole('combobox', { name: '添加类别' }).fill(String(tmCl));
  await page.locator('.ant-select-dropdown:visible').getByTitle(`第 ${tmCl} 类`, { exact: true }).click();
  const search = editor.getByRole('combobox', { name: `第 ${tmCl} 类添加商品` });
  await search.click();
  await search.fill(keyword);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  await options.first().click();
  await expect(
    editor
      .locator('.ant-card')
      .filter({ hasText: `第 ${tmCl} 类` })
      .locator('.ant-tag'),
  ).toHaveCount(1);
}

/** A registration proposal filled in on its page (title, mark and its picture, goods of class 3, applicant, budget, reason) and submitted: its id. */
export async function submitRegistrationProposal(page: Page, p: { title: string; tmName: string; budget: number; reason: string }): Promise<number> {
  await page.getByLabel('提案标题').fill(p.title);
  await field(page, '商标名称').locator('input').fill(p.tmName);
  const image = field(page, '商标图样');
  await image.locator('input[type=file]').setInputFiles({ name: `${p.tmName}.png`, mimeType: 'image/png', buffer: await drawnPng(page, 800, 600) });
  await page
    .getByRole('dialog', { name: '请裁剪掉不需要的部分，以保证检索结果准确' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(image.locator('.ipm-thumb')).toHaveCount(1);
  await addGoods(page, 3, '香皂');
  await field(page, '申请人').locator('input').fill('星辰日化股份有限公司');
  await field(page, '预算（元）').locator('input').fill(String(p.budget));
  await field(page, '申请理由').locator('textarea').fill(p.reason);
  await page.getByRole('button', { name: '提交审批' }).click();
  await expect(page.getByText('提案已提交审批')).toBeVisible();
  await expect(page).toHaveURL(/case-detail\?id=\d+$/);
  return Number(new URL(page.url()).searchParams.get('id'));
}

export const node = (page: Page, id: string) => page.locator(`[data-testid="flow-node"][data-node-id="${id}"]`);
export const header = (page: Page) => page.locator('.proposal-header');

/** Each node of the chart and its state, as drawn. */
export async function nodeStates(page: Page): Promise<Record<string, string>> {
  const nodes = page.getByTestId('flow-node');
  await expect(nodes.first()).toBeVisible();
  return Object.fromEntries(
    await nodes.evaluateAll((list) => list.map((n) => [n.getAttribute('data-node-id') ?? '', n.getAttribute('data-state') ?? ''] as [string, string])),
  );
}

/** The approver's 同意 or 驳回 on the proposal page, with a comment. */
export async function decide(page: Page, decision: '同意' | '驳回', comment: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: decision });
  // Right after a decision the header draws again with the next step: a click it swallowed is made again.
  await expect(async () => {
    if (!(await dialog.isVisible())) await header(page).getByRole('button', { name: decision }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await dialog.getByLabel(decision === '同意' ? '审批意见' : '驳回理由').fill(comment);
  await dialog.getByRole('button', { name: decision === '同意' ? /确\s*定/ : /驳\s*回/ }).click();
  // Two decisions in a row leave the first one's toast showing a moment longer: the newest is this one's.
  await expect(
    page
      .locator('.ant-message')
      .getByText(decision === '同意' ? '已同意' : '已驳回')
      .last(),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** The flow designer of /system/proposalConfig. */
export const section = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
export const designerCard = (page: Page, id: string) => page.getByTestId(`flow-node-${id}`);
export const inspector = (page: Page) => page.getByLabel('节点设置');
export const problems = (page: Page) => page.locator('.ipm-flow-section .ipm-case-problems');

/** The input of a Formily form item in the designer's property panel, by its label. */
export function panelField(panel: Locator, label: string): Locator {
  return panel
    .locator('.ant-formily-item')
    .filter({ has: panel.page().locator('.ant-formily-item-label-content', { hasText: new RegExp(`^\\*?${label}$`) }) })
    .locator('input, textarea')
    .first();
}

/** Chooses a colleague in the person search of the side panel. */
export async function pickPerson(page: Page, name: string) {
  await inspector(page).locator('.ipm-person-search').click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
  await expect(inspector(page).locator('.ipm-person-search')).toContainText(name);
}

/** Clicks the connector leaving a card, just below the card (further down the line holds the insert button). */
export async function clickConnectorBelow(page: Page, nodeId: string) {
  const handle = (await designerCard(page, nodeId).locator('.react-flow__handle-bottom').boundingBox())!;
  await page.mouse.click(handle.x + handle.width / 2, handle.y + handle.height + 6);
}

/** Draws a connector by dragging from one card's lower handle to another's upper handle. */
export async function drawConnector(page: Page, from: string, to: string) {
  const start = (await designerCard(page, from).locator('.react-flow__handle-bottom').boundingBox())!;
  const end = (await designerCard(page, to).locator('.react-flow__handle-top').boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + 20, start.y + 40, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 10 });
  await page.mouse.up();
}
