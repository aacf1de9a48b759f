import type { Trademark } from '../../src/generated/types.js';
import { expect, test, type Page } from './serverPerWorker.js';
import { openSignedIn, storedUser } from './support.js';

async function archive(page: Page, query: object = {}): Promise<Trademark[]> {
  const { token } = await storedUser(page);
  const reply = await page.request.post('/brandArchives/queryBrandPage', { headers: { token }, data: { pageSize: 200, ...query } });
  return (await reply.json()).data.list;
}

/** Adds by number and gives the notice that says what happened (read while it shows, as a person would). */
async function addFromRegister(page: Page, appNos: string, says: string | RegExp) {
  await page.getByRole('button', { name: '从公告库添加' }).click();
  const dialog = page.getByRole('dialog', { name: '从公告库添加' });
  await dialog.getByPlaceholder('一个或多个申请号，以逗号、空格或换行分隔').fill(appNos);
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  const notice = page.locator('.ant-message-notice', { hasText: says });
  await expect(notice).toBeVisible();
  // Read at once: the notice leaves after a few seconds.
  const shown = await notice.first().evaluate((el) => ({
    text: el.textContent ?? '',
    success: el.querySelectorAll('.ant-message-success [aria-label="check-circle"]').length,
    warning: el.querySelectorAll('.ant-message-warning [aria-label="exclamation-circle"]').length,
  }));
  await expect(dialog).toBeHidden();
  return shown;
}

test('从公告库添加 says how many marks it added and how many were already in the archive', async ({ page }) => {
  // Register marks the agency keeps; the company's archive has its own.
  await openSignedIn(page, 'admin', '/api/health');
  const registerNumbers = (await archive(page)).filter((m) => m.registerId !== null).map((m) => m.appNo);
  await openSignedIn(page, 'corpAdmin', '/brandManage/brandRecord');
  const marks = await archive(page);
  const own = new Set(marks.map((m) => m.appNo));
  const appNo = registerNumbers.find((n) => !own.has(n))!;
  expect(appNo).toBeDefined();

  const first = await addFromRegister(page, appNo, /^已加入 \d+ 件$/);
  const added = await archive(page, { appNo, searchType: 1 });
  expect(added.length).toBeGreaterThan(0);
  expect(first).toEqual({ text: `已加入 ${added.length} 件`, success: 1, warning: 0 });
  await expect(page.locator('.ipm-pagination .ant-pagination-total-text')).toHaveText(`共 ${marks.length + added.length} 条`);

  // The same number again: nothing added, said as a warning, not a success.
  const again = await addFromRegister(page, appNo, '件已在商标档案中');
  expect(again).toEqual({ text: `已加入 0 件；${added.length} 件已在商标档案中`, success: 0, warning: 1 });
  expect(await archive(page, { appNo, searchType: 1 })).toHaveLength(added.length);

  // A number the register does not know is named.
  const unknown = await addFromRegister(page, `${appNo}, NOPE-404`, 'NOPE-404');
  expect(unknown).toEqual({ text: `已加入 0 件；${added.length} 件已在商标档案中；公告库中没有申请号 NOPE-404`, success: 0, warning: 1 });
});
