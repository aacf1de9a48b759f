import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

/**
 * Clocks our own filing starts (商标法实施条例 §27, §59): filing an opposition answer or a review
 * request gives 3 months to supplement evidence, counted from the filing date on the working-day
 * calendar, not from the day the filing was confirmed in the product.
 */
describe.skipIf(skipThisDatabase)(`the evidence clock a filing starts (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn('admin');
  });
  afterAll(() => server?.stop());

  async function filedOn(caseType: string, filedDate: string) {
    const saved = await server.call('caseManage.saveCase', { caseType, bizParam: { tmName: `证据期${caseType}` } }, admin);
    // Submitting is the lifecycle tests' business: the case waits for its filing to be confirmed.
    await server.database.db.updateTable('cases').set({ status: 'pending' }).where('case_no', '=', saved.caseNo).execute();
    await server.call('caseManage.confirmSubmissionCase', { caseNo: saved.caseNo, filedDate }, admin);
    const records = await server.call('caseManage.caseQueryStageRecord', { caseNo: saved.caseNo }, admin);
    return records.list.at(-1)!;
  }

  it('counts 3 months from an opposition answer filed on 2026-07-01 to 10-01, moved past 国庆 to 10-08', async () => {
    expect(await filedOn('objectionDefence', '2026-07-01')).toMatchObject({ stage: 'filed', deadline: '2026-10-08' });
  });

  it('counts 3 months from a review request filed on 2025-11-30 to the last day of February', async () => {
    expect(await filedOn('rejectRecheck', '2025-11-30')).toMatchObject({ stage: 'filed', deadline: '2026-02-28' });
  });
});
