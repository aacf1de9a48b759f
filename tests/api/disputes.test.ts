import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/tables.js';
import { chinaToday } from '../../src/shared/trademarkDates.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';

let serial = 0;

/**
 * Disputes (争议商标): registered by hand with checks; started or joined by a dispute letter or a
 * dispute case in the same save; a ruling letter gives the result; deleted; another organisation's
 * refused; moved to the kept mark by a merge.
 */
describe.skipIf(skipThisDatabase)(`disputes (${dbKind})`, () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let admin: string;
  let corp: string;
  let users: Map<string, { id: number; orgId: number }>;
  const today = chinaToday();

  beforeAll(async () => {
    server = await startTestServer();
    db = server.database.db;
    [admin, corp] = [await server.signIn('admin'), await server.signIn('corpAdmin')];
    const rows = await db.selectFrom('users').select(['id', 'org_id', 'username']).execute();
    users = new Map(rows.map((u) => [u.username, { id: u.id, orgId: u.org_id }]));
  });
  afterAll(() => server?.stop());

  const ok = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token = admin) => server.call(id, body, token);
  const send = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token = admin) => server.send(id, body, token);
  const refusal = async <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token = admin) => {
    const reply = await send(id, body, token);
    expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
    expect(reply.statusCode).toBeLessThan(500);
    return { status: reply.statusCode, message: String(reply.json().subMessage ?? reply.json().message) };
  };

  async function mark(owner: string, name: string, appNo = `DS${Date.now() % 100000}${serial++}`): Promise<{ id: number; appNo: string }> {
    const { id, orgId } = users.get(owner)!;
    const row = await db
      .insertInto('brand_archives')
      .values({ org_id: orgId, owner_user_id: id, app_no: appNo, int_cls: 3, tm_name: name, tm_status: '已注册', app_date: '2020-01-01' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, appNo };
  }
  const countOf = async (table: 'disputes' | 'dispute_letters' | 'dispute_cases') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('shows both demo organisations their disputes, from their dispute cases and letters and the showcases', async () => {
    for (const token of [admin, corp]) {
      const { list, procedures } = await ok('dispute.list', { pageSize: 100 }, token);
      expect(procedures.map((p) => p.key)).toEqual(['opposition', 'invalidation', 'cancellation', 'review']);
      // An opposition we filed, a 撤三 against our mark with a deadline to answer, a decided invalidation.
      expect(list.some((d) => d.procedure === 'opposition' && d.ourSide === 'applicant' && d.otherTmName)).toBe(true);
      expect(list.some((d) => d.procedure === 'cancellation' && d.ourSide === 'respondent' && d.nextDeadline !== null)).toBe(true);
      expect(list.some((d) => d.procedure === 'invalidation' && d.stage === 'decided' && d.rulingResult && d.outcome === 'favourable')).toBe(true);
      // Some come from the demo's letters and cases and list them.
      expect(list.some((d) => d.letterCount > 0)).toBe(true);
      expect(list.some((d) => d.caseCount > 0)).toBe(true);
    }
  });

  it('registers and edits a dispute by hand, refusing what does not hold and saving nothing then', async () => {
    const m = await mark('admin', '青禾');
    const before = await countOf('disputes');
    expect((await refusal('dispute.manage', { procedure: 'opposition', ourSide: 'applicant', otherParty: '某公司' })).message).toContain('我方商标');
    expect(
      (await refusal('dispute.manage', { procedure: 'opposition', ourSide: 'applicant', brandId: m.id, filedOn: '2026-05-01', ruledOn: '2026-04-01' })).message,
    ).toContain('裁定日期');
    expect((await refusal('dispute.manage', { procedure: 'opposition', ourSide: 'applicant', brandId: m.id, letterIds: [2147483647] })).message).toContain(
      '官文',
    );
    const wrongEnum = await server.post('/api/dispute/manage', { procedure: 'lawsuit', ourSide: 'applicant', ourTmName: 'x' }, admin);
    expect(wrongEnum.statusCode).toBe(422);
    expect(wrongEnum.json().subMessage ?? wrongEnum.json().message).toContain('程序');
    expect(await countOf('disputes')).toBe(before);

    const { id } = await ok('dispute.manage', {
      procedure: 'opposition',
      ourSide: 'applicant',
      brandId: m.id,
      otherParty: '深圳青和日化有限公司',
      otherTmName: '青和',
      otherAppNo: '70112233',
      filedOn: '2026-03-02',
      deadline: '2099-01-01',
    });
    const detail = await ok('dispute.detail', { id });
    expect(detail.dispute).toMatchObject({
      procedure: 'opposition',
      ourSide: 'applicant',
      brandId: m.id,
      ourTmName: '青禾',
      ourAppNo: m.appNo,
      otherParty: '深圳青和日化有限公司',
      // A filing date and no stage: filed.
      stage: 'filed',
      nextDeadline: '2099-01-01',
      outcome: '',
    });
    await ok('dispute.manage', {
      id,
      procedure: 'opposition',
      ourSide: 'applicant',
      stage: 'decided',
      rulingResult: '被异议商标不予注册',
      ruledOn: '2026-10-10',
    });
    const edited = (await ok('dispute.detail', { id })).dispute;
    // The ruling's words give the outcome: the mark we opposed is refused.
    expect(edited).toMatchObject({ stage: 'decided', rulingResult: '被异议商标不予注册', ruledOn: '2026-10-10', outcome: 'favourable', otherTmName: '青和' });
    const listed = await ok('dispute.list', { keyword: '青和', procedure: 'opposition' });
    expect(listed.list.map((d) => d.id)).toContain(id);
    expect(listed.procedures.find((p) => p.key === 'opposition')!.count).toBeGreaterThanOrEqual(1);
    expect((await ok('dispute.list', { keyword: '青和', outcome: 'unfavourable' })).list.map((d) => d.id)).not.toContain(id);
  });

  it('starts a dispute from an answer notice, joins the ruling letter to it and takes the ruling', async () => {
    const m = await mark('admin', '星河');
    const notice = await ok('officials.officialManage', {
      documentType: '异议答辩通知书',
      mediaAttributes: '纸质',
      brandDetail: [{ id: m.id, appNo: m.appNo }],
      receiveDate: today,
    });
    const found = (await ok('dispute.list', { brandId: m.id })).list;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ procedure: 'opposition', ourSide: 'respondent', stage: 'answering', letterCount: 1, ourAppNo: m.appNo });
    // Its deadline is the letter's official deadline, counted by the engine.
    const letter = await db.selectFrom('official_documents').select('official_limit').where('id', '=', notice.ids[0]!).executeTakeFirstOrThrow();
    expect(found[0]!.nextDeadline).toBe(letter.official_limit);

    await ok('officials.officialManage', {
      documentType: '准予注册决定书',
      brandDetail: [{ id: m.id, appNo: m.appNo }],
      receiveDate: today,
      disputedDate: '2026-11-01',
      rulingResult: '准予注册',
    });
    const joined = (await ok('dispute.list', { brandId: m.id })).list;
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ stage: 'decided', rulingResult: '准予注册', ruledOn: '2026-11-01', outcome: 'favourable', letterCount: 2 });
    const detail = await ok('dispute.detail', { id: joined[0]!.id });
    expect(detail.letters.map((l) => l.documentType)).toEqual(['异议答辩通知书', '准予注册决定书']);
    expect(detail.letters[1]).toMatchObject({ rulingResult: '准予注册', disputedDate: '2026-11-01' });
    // A new answer notice on the mark once that is decided is another dispute.
    await ok('officials.officialManage', {
      documentType: '异议答辩通知书',
      mediaAttributes: '纸质',
      brandDetail: [{ id: m.id, appNo: m.appNo }],
      receiveDate: today,
    });
    expect((await ok('dispute.list', { brandId: m.id })).list.map((d) => d.stage).sort()).toEqual(['answering', 'decided']);
    // A letter that is no dispute makes none.
    const other = await mark('admin', '无争议');
    await ok('officials.officialManage', { documentType: '受理通知书', brandDetail: [{ id: other.id, appNo: other.appNo }], receiveDate: today });
    expect((await ok('dispute.list', { brandId: other.id })).count).toBe(0);
  });

  it('starts a dispute from a dispute case and joins a later letter of the same mark to it', async () => {
    const m = await mark('admin', '云杉');
    const saved = await ok('caseManage.saveCase', {
      caseType: 'removeDefence',
      bizParam: { brandId: m.id, tmName: '云杉', form: { opposingPartyName: '北京某贸易有限公司' } },
    });
    const list = (await ok('dispute.list', { brandId: m.id })).list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ procedure: 'cancellation', ourSide: 'respondent', otherParty: '北京某贸易有限公司', caseCount: 1 });
    const detail = await ok('dispute.detail', { id: list[0]!.id });
    expect(detail.cases.map((c) => c.caseNo)).toEqual([saved.caseNo]);
    // Saving the case again keeps one dispute.
    await ok('caseManage.saveCase', {
      caseNo: saved.caseNo,
      revision: saved.revision,
      bizParam: { brandId: m.id, tmName: '云杉', form: { opposingPartyName: '北京某贸易有限公司' } },
    });
    await ok('officials.officialManage', {
      documentType: '提供注册商标使用证据通知书',
      mediaAttributes: '纸质',
      brandDetail: [{ id: m.id, appNo: m.appNo }],
      receiveDate: today,
    });
    const after = (await ok('dispute.list', { brandId: m.id })).list;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ stage: 'answering', letterCount: 1, caseCount: 1 });
    expect(after[0]!.nextDeadline).not.toBeNull();
  });

  it('follows a letter corrected afterwards: the ruling changed, the type no longer a dispute', async () => {
    const m = await mark('admin', '松涛');
    const notice = await ok('officials.officialManage', {
      documentType: '异议答辩通知书',
      mediaAttributes: '纸质',
      brandDetail: [{ id: m.id, appNo: m.appNo }],
      receiveDate: today,
    });
    const ruling = await ok('officials.officialManage', {
      documentType: '不予注册决定书',
      mediaAttributes: '纸质',
      brandDetail: [{ id: m.id, appNo: m.appNo }],
      receiveDate: today,
      disputedDate: '2026-10-20',
      rulingResult: '不予注册',
    });
    expect((await ok('dispute.list', { brandId: m.id })).list[0]).toMatchObject({ stage: 'decided', rulingResult: '不予注册', outcome: 'unfavourable' });
    // The ruling was misread: corrected on the letter, the dispute takes the corrected one.
    await ok('officials.officialManage', {
      id: ruling.ids[0]!,
      documentType: '不予注册决定书',
      mediaAttributes: '纸质',
      brandDetail: [{ id: m.id, appNo: m.appNo }],
      receiveDate: today,
      disputedDate: '2026-10-21',
      rulingResult: '准予注册',
    });
    const corrected = (await ok('dispute.list', { brandId: m.id })).list;
    expect(corrected).toHaveLength(1);
    expect(corrected[0]).toMatchObject({ rulingResult: '准予注册', ruledOn: '2026-10-21', outcome: 'favourable', letterCount: 2 });
    // The notice was in truth an acceptance notice: it leaves the dispute.
    await ok('officials.officialManage', {
      id: notice.ids[0]!,
      documentType: '受理通知书',
      mediaAttributes: '纸质',
      brandDetail: [{ id: m.id, appNo: m.appNo }],
      receiveDate: today,
    });
    const detail = await ok('dispute.detail', { id: corrected[0]!.id });
    expect(detail.letters.map((l) => l.documentType)).toEqual(['不予注册决定书']);
  });

  it('moves a dispute on with its case: filed, then decided with the case’s result', async () => {
    const m = await mark('admin', '竹影');
    const saved = await ok('caseManage.saveCase', {
      caseType: 'removeDefence',
      bizParam: { brandId: m.id, tmName: '竹影', form: { opposingPartyName: '上海某商贸有限公司' } },
    });
    expect((await ok('dispute.list', { brandId: m.id })).list[0]).toMatchObject({ stage: 'preparing', filedOn: null });
    // Submitted elsewhere (the form's completeness is the cases' own test): the filing is confirmed here.
    await db.updateTable('cases').set({ status: 'pending' }).where('case_no', '=', saved.caseNo).execute();
    await ok('caseManage.confirmSubmissionCase', { caseNo: saved.caseNo, filedDate: '2026-11-02' });
    expect((await ok('dispute.list', { brandId: m.id })).list[0]).toMatchObject({ stage: 'filed', filedOn: '2026-11-02' });
    await ok('caseManage.setCaseResultValue', { caseNo: saved.caseNo, result: 'failure', resultNote: '撤销注册' });
    expect((await ok('dispute.list', { brandId: m.id })).list[0]).toMatchObject({ stage: 'decided', rulingResult: '撤销注册', outcome: 'unfavourable' });
  });

  it('refuses another organisation’s dispute and deletes one', async () => {
    const m = await mark('admin', '松石');
    const { id } = await ok('dispute.manage', { procedure: 'invalidation', ourSide: 'respondent', brandId: m.id, otherParty: '某某' });
    expect((await refusal('dispute.detail', { id }, corp)).status).toBe(404);
    expect((await refusal('dispute.delete', { id }, corp)).status).toBe(404);
    expect((await refusal('dispute.manage', { id, procedure: 'invalidation', ourSide: 'respondent', ourTmName: '改' }, corp)).status).toBe(404);
    // Nor may a company name the agency's mark.
    expect((await refusal('dispute.manage', { procedure: 'invalidation', ourSide: 'respondent', brandId: m.id }, corp)).status).toBe(404);
    expect((await ok('dispute.list', { keyword: '松石' }, corp)).list).toEqual([]);
    await ok('dispute.delete', { id });
    expect((await refusal('dispute.detail', { id })).status).toBe(404);
  });

  it('moves the disputes of merged duplicates to the kept mark', async () => {
    const appNo = `DM${Date.now() % 100000}`;
    const kept = await mark('admin', '合并', appNo);
    const duplicate = await mark('admin', '合并', appNo);
    const { id } = await ok('dispute.manage', { procedure: 'cancellation', ourSide: 'respondent', brandId: duplicate.id, otherParty: '撤三申请人' });
    await ok('brandMerge.mergeBrand', { mergeList: [{ targetBrandId: kept.id, mergedBrandIds: [duplicate.id] }] });
    expect((await ok('dispute.detail', { id })).dispute.brandId).toBe(kept.id);
    expect((await ok('dispute.list', { brandId: kept.id })).list.map((d) => d.id)).toEqual([id]);
  });
});
