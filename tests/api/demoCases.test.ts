import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chinaToday } from '../../src/shared/trademarkDates.js';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

const stagesOf = (caseType: string) =>
  (JSON.parse(readFileSync(`schemas/caseTypes/${caseType}.json`, 'utf8')) as { stages: { key: string; title: string }[] }).stages;

/** The demo organisations have cases of the procedures staff handle, not only registrations and renewals. */
describe.skipIf(skipThisDatabase)(`demo cases (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'corpAdmin']);

  it('cover transfers, changes, opposition, review, invalidation, non-use cancellation and overseas filings, in several statuses and stages', async () => {
    const { list } = await shared.server.call('caseManage.getCaseLists', { pageSize: 100 }, shared.tokens.admin);
    const types = new Set(list.map((c) => c.caseType));
    for (const type of [
      'domesticRegistration',
      'renewal',
      'transfer',
      'changeName',
      'changeAddress',
      'objectionApply',
      'objectionDefence',
      'rejectRecheck',
      'invalidApply',
      'removeApply',
      'overseasRegistration',
    ])
      expect(types, type).toContain(type);
    expect(new Set(list.map((c) => c.status)).size).toBeGreaterThanOrEqual(6);
    // Each case is at a stage its type has, under that stage's title.
    for (const c of list) expect(stagesOf(c.caseType).find((s) => s.key === c.stage)?.title, `${c.caseNo} ${c.caseType}`).toBe(c.stageTitle);

    const removal = list.find((c) => c.caseType === 'removeApply')!;
    expect(removal).toMatchObject({ status: 'reviewing', stage: 'evidenceNotice' });
    const opposition = list.find((c) => c.caseType === 'objectionApply')!;
    expect(opposition).toMatchObject({ status: 'finished', stage: 'decided' });

    // Overseas: one through Madrid, one country by country.
    const overseas = await Promise.all(
      list
        .filter((c) => c.caseType === 'overseasRegistration')
        .map((c) => shared.server.call('caseManage.queryCase', { caseNo: c.caseNo }, shared.tokens.admin)),
    );
    const bases = overseas.map((o) => o.bizParam.tmItems.map((i) => `${i.appCountry}:${i.applyBasic ?? ''}`));
    expect(bases).toEqual(
      expect.arrayContaining([
        ['JP:马德里国际注册', 'KR:马德里国际注册', 'EM:马德里国际注册'],
        ['US:逐一国家注册', 'HK:逐一国家注册'],
      ]),
    );

    // A case opens with its type's form values, made from an archive mark.
    const transfer = await shared.server.call('caseManage.queryCase', { caseNo: list.find((c) => c.caseType === 'transfer')!.caseNo }, shared.tokens.admin);
    expect(transfer.bizParam.form).toMatchObject({ transfereeName: '浙江青禾农业发展有限公司', agentName: '北京知联商标代理有限公司' });
    expect(transfer.bizParam.brandId).toBeGreaterThan(0);

    // Cases waiting on a stage with its deadline still ahead, as a working docket has them.
    const today = chinaToday();
    expect(list.filter((c) => c.deadline != null && c.deadline > today).map((c) => c.caseType)).toEqual(
      expect.arrayContaining(['changeName', 'removeApply', 'overseasRegistration']),
    );

    const company = await shared.server.call('caseManage.getCaseLists', { pageSize: 100 }, shared.tokens.corpAdmin);
    expect(new Set(company.list.map((c) => c.caseType))).toEqual(new Set(['domesticRegistration', 'renewal', 'changeAddress', 'objectionDefence']));
  });
});
