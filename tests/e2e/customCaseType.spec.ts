import { expect, test } from './serverPerWorker.js';
import { callAsPage, openSignedIn } from './support.js';

/** A case type of the organisation's own, as the builder at /system/caseCreate publishes it. */
const SEARCH_REPORT = {
  name: 'searchReport',
  title: '商标检索分析报告',
  category: 'case',
  scope: 'domestic',
  archiveEffect: 'none',
  tiedMarks: 'none',
  form: {
    type: 'object',
    properties: {
      searchedName: { type: 'string', title: '检索商标名称', required: true, 'x-decorator': 'FormItem', 'x-component': 'Input' },
      searchNote: { type: 'string', title: '检索要求', 'x-decorator': 'FormItem', 'x-component': 'TextArea' },
    },
  },
  stages: [
    { key: 'prepare', title: '准备检索' },
    { key: 'report', title: '出具报告', deadlineDays: 5, status: 'filed' },
  ],
  feeItems: [{ name: '检索服务费', kind: 'agency', amount: 800, currency: 'CNY' }],
};

test('a case type the administrator publishes is offered to staff on their next load, and a case of it is saved and submitted', async ({ page }) => {
  await openSignedIn(page, 'corpAdmin', '/system/caseCreate');
  const draft = await callAsPage(page, 'designer.saveDraft', { kind: 'caseTypes', key: SEARCH_REPORT.name, body: SEARCH_REPORT, baseVersion: null });
  expect(draft.problems).toEqual([]);
  await callAsPage(page, 'designer.publish', { kind: 'caseTypes', key: SEARCH_REPORT.name, version: draft.version });

  await openSignedIn(page, 'staff', '/brand/caseList');
  await page.getByRole('button', { name: /新建案件/ }).click();
  await page.getByRole('menuitem', { name: '商标检索分析报告' }).click();
  await expect(page).toHaveURL(/\/case-custom\?type=searchReport$/);
  await expect(page.getByRole('heading', { name: '新建商标检索分析报告' })).toBeVisible();

  // Its form's own rule names the field before anything is sent.
  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.getByText(/还不能提交：.*检索商标名称/)).toBeVisible();
  await page.locator('.ant-formily-item').filter({ hasText: '检索商标名称' }).locator('input').fill('星辰晨露');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText(/案件已创建：AJ\d{13}/)).toBeVisible();
  const caseNo = /AJ\d{13}/.exec((await page.getByText(/案件已创建：AJ\d{13}/).textContent()) ?? '')![0];
  await expect(page).toHaveURL(new RegExp(`caseNo=${caseNo}`));
  await expect(page.getByTestId('case-fees')).toContainText('800');

  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.getByText('案件已提交')).toBeVisible();
  const saved = await callAsPage(page, 'caseManage.queryCase', { caseNo });
  expect(saved).toMatchObject({ caseType: 'searchReport', caseTypeTitle: '商标检索分析报告', status: 'pending' });
  expect(saved.typeVersion).toBe(draft.version);
});
