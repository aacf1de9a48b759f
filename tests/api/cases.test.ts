import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseBizParam } from '../../src/generated/types.js';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { multipart } from './support/multipart.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { readXlsx } from './support/xlsx.js';

/** Cases (spec 000 §3, §4, §7): the lifecycle, its permissions, tenancy, delete rules, comments, export and counts. */
describe.skipIf(skipThisDatabase)(`cases (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let corpAdmin: string;
  let staff: string;
  let agencyMark: number;
  let companyMark: number;
  let logoPath: string;
  let identityPath: string;

  const db = () => server.database.db;

  async function upload(token: string, name: string): Promise<string> {
    const { payload, headers } = multipart(name, logoPng(3), { purpose: 'general' });
    return dataOf('file.upload', await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token } })).path;
  }

  const message = (res: { json(): unknown }) => (res.json() as { subMessage?: string }).subMessage ?? '';

  /** A domestic registration of `agencyMark` in classes 9, 25 and 35. */
  const registration = (extra: Partial<CaseBizParam> = {}): CaseBizParam => ({
    brandId: agencyMark,
    tmType: 'general',
    priorityRadio: 'no',
    dplPriorityTm: '[]',
    coOwnerInfo: '[]',
    tmItems: [
      {
        appCountry: 'CN',
        tmCl: [9, 25, 35],
        goodsItem: [
          { tmCl: 9, code: '0901', name: '计算机' },
          { tmCl: 25, code: '2501', name: '服装' },
          { tmCl: 35, code: '3501', name: '广告' },
        ],
      },
    ],
    tmName: '青禾',
    form: { applicantName: '杭州青禾食品有限公司', applicantAddress: '浙江省杭州市西湖区文三路 90 号', markForm: 'word', markImage: ['logo.png'] },
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestServer();
    // A sliver of the classification: the goods of the classes the cases use.
    await sql`insert into classification_classes (class_no, name) values (9, '科学仪器'), (25, '服装鞋帽'), (35, '广告销售')`.execute(db());
    await sql`insert into classification_groups (group_no, class_no, name, position) values
      ('0901', 9, '电子计算机及其外部设备', 1), ('2501', 25, '衣物', 1), ('3501', 35, '广告', 1)`.execute(db());
    await sql`insert into classification_items (code, group_no, class_no, name, position) values
      ('090001', '0901', 9, '计算机', 1), ('250001', '2501', 25, '服装', 1), ('350001', '3501', 35, '广告', 1)`.execute(db());
    [admin, agent, corpAdmin, staff] = await Promise.all([server.signIn('admin'), server.signIn('agent'), server.signIn('corpAdmin'), server.signIn('staff')]);
    const orgOf = async (username: string) =>
      (await db().selectFrom('users').select('org_id').where('username', '=', username).executeTakeFirstOrThrow()).org_id;
    const firstMark = async (org: number) =>
      (await db().selectFrom('brand_archives').select('id').where('org_id', '=', org).orderBy('id').executeTakeFirstOrThrow()).id;
    agencyMark = await firstMark(await orgOf('admin'));
    companyMark = await firstMark(await orgOf('corpadmin'));
    logoPath = await upload(admin, '图样.png');
    identityPath = await upload(admin, '营业执照.png');
  });
  afterAll(() => server?.stop());

  it('runs a domestic registration from draft to result: save, stale save refused, submit checked, confirmed by the agency, numbered, finished', async () => {
    const saved = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', bizParam: registration() }, admin);
    expect(saved.caseNo).toMatch(/^AJ\d{13}$/);
    expect(saved).toMatchObject({ status: 'draft', statusTitle: '草稿', stage: 'prepare', typeVersion: 0, revision: 0, handlerName: '王管理' });
    expect(saved.bizParam.detailCgInfo).toEqual([
      expect.objectContaining({
        appCountry: 'CN',
        countryName: '中国',
        cgInfo: [
          { tmCl: 9, goodsItem: [{ tmCl: 9, code: '0901', name: '计算机' }] },
          { tmCl: 25, goodsItem: [{ tmCl: 25, code: '2501', name: '服装' }] },
          { tmCl: 35, goodsItem: [{ tmCl: 35, code: '3501', name: '广告' }] },
        ],
        // CNIPA charges 270 per class filed online; the agency's price list charges 800 per class today.
        officialFees: 810,
        agencyFees: 2400,
      }),
    ]);
    expect(saved.stages[0]).toMatchObject({ key: 'prepare', state: 'current' });
    expect(saved.stages[0]!.enteredAt).not.toBeNull();
    expect(saved.fees.find((f) => f.kind === 'official')).toMatchObject({ name: '注册申请官费', quantity: 3, amount: 810 });
    expect(saved.marks.map((m) => m.id)).toEqual([agencyMark]);

    // Two people edit revision 0: the first save wins, the second is told and changes nothing.
    const first = await server.call('caseManage.updateCase', { caseNo: saved.caseNo, revision: 0, bizParam: registration({ tmType: 'collective' }) }, admin);
    expect(first.revision).toBe(1);
    const stale = await server.send('caseManage.updateCase', { caseNo: saved.caseNo, revision: 0, bizParam: registration({ tmType: 'certification' }) }, agent);
    expect(stale.statusCode).toBe(409);
    expect(message(stale)).toContain('已被王管理');
    expect((await server.call('caseManage.queryCase', { caseNo: saved.caseNo }, admin)).bizParam.tmType).toBe('collective');

    // The form lacks nothing, but the attachments the type requires are missing.
    const early = await server.send('caseManage.submitCase', { caseNo: saved.caseNo }, admin);
    expect(early.statusCode).toBe(422);
    expect(message(early)).toContain('缺少附件：主体资格证明（营业执照或身份证件）、商标代理委托书');
    // A required form field emptied: named on submit.
    const files = [
      {
        appCountry: 'CN',
        files: [
          { fileName: '委托书.png', filePath: logoPath, attachmentKey: 'powerOfAttorney' },
          { fileName: '营业执照.png', filePath: identityPath, attachmentKey: 'subjectQualification' },
        ],
      },
    ];
    await server.call(
      'caseManage.saveCase',
      {
        caseNo: saved.caseNo,
        revision: 1,
        bizParam: registration({ officialSubmitFiles: files, form: { applicantName: '杭州青禾食品有限公司', markForm: 'word', markImage: ['logo.png'] } }),
      },
      admin,
    );
    const missingField = await server.send('caseManage.submitCase', { caseNo: saved.caseNo }, admin);
    expect(message(missingField)).toContain('地址不能为空');
    const complete = await server.call(
      'caseManage.saveCase',
      { caseNo: saved.caseNo, revision: 2, bizParam: registration({ officialSubmitFiles: files }) },
      admin,
    );
    expect(complete.bizParam.detailOfficFile[0]!.files.map((f) => f.attachmentKey)).toEqual(['powerOfAttorney', 'subjectQualification']);

    const pending = await server.call('caseManage.submitCase', { caseNo: saved.caseNo, revision: 3 }, admin);
    expect(pending).toMatchObject({ status: 'pending', statusTitle: '待递交', revision: 4 });
    // Until it is filed the submitter may take it back, and submit it again.
    const back = await server.call('caseManage.withdrawCase', { caseNo: saved.caseNo, revision: 4, reason: '补充商品' }, admin);
    expect(back).toMatchObject({ status: 'draft', revision: 5 });
    const again = await server.send('caseManage.withdrawCase', { caseNo: saved.caseNo }, admin);
    expect(again.statusCode).toBe(422);
    const submitted = await server.call('caseManage.submitCase', { caseNo: saved.caseNo, revision: 5 }, admin);
    expect(submitted).toMatchObject({ status: 'pending', statusTitle: '待递交', revision: 6 });
    // Filed cases are no longer edited.
    expect((await server.call('caseManage.queryCase', { caseNo: saved.caseNo }, agent)).actions).toContain('confirmSubmission');

    const filed = await server.call('caseManage.confirmSubmissionCase', { caseNo: saved.caseNo, submitType: 'online' }, agent);
    expect(filed).toMatchObject({ status: 'filed', statusTitle: '已递交', stage: 'filed' });
    await server.call('caseManage.caseAppNoSupply', { caseNo: saved.caseNo, appNo: '81234567' }, agent);
    const numbered = await server.call('caseManage.queryCase', { caseNo: saved.caseNo }, admin);
    expect(numbered.appNo).toBe('81234567');
    expect(numbered.bizParam.detailCgInfo[0]!.appNo).toBe('81234567');
    const edit = await server.send('caseManage.saveCase', { caseNo: saved.caseNo, revision: numbered.revision, bizParam: registration() }, admin);
    expect(message(edit)).toContain('不能修改');

    const done = await server.call('caseManage.setCaseResultValue', { caseNo: saved.caseNo, result: 'success', resultNote: '核准注册' }, agent);
    expect(done).toMatchObject({ status: 'finished', stage: 'registered' });

    const records = await server.call('caseManage.caseQueryStageRecord', { caseNo: saved.caseNo }, admin);
    expect(records.list.map((r) => r.stage)).toEqual(['prepare', 'filed', 'registered']);
    expect(records.list.slice(0, -1).every((r) => r.leftAt !== null)).toBe(true);
    const trends = await server.call('caseManage.getTrendsList', { caseNo: saved.caseNo }, admin);
    // The finished registration wrote the archive, recorded after the result it follows from.
    expect(trends.list.map((t) => t.actionTitle)).toEqual([
      '档案更新',
      '登记结果',
      '补录申请号',
      '确认递交',
      '提交',
      '撤回',
      '提交',
      '修改',
      '修改',
      '修改',
      '新建',
    ]);
    expect(trends.list[1]).toMatchObject({ userName: '李代理', content: expect.stringContaining('核准注册') });
  });

  it('refuses bad input naming the field, saving nothing', async () => {
    const before = await db()
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refusal = async (bizParam: CaseBizParam, caseType = 'domesticRegistration') => {
      const res = await server.send('caseManage.saveCase', { caseType, bizParam }, admin);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      return message(res);
    };
    expect(await refusal(registration({ brandId: companyMark }))).toContain('商标');
    expect(await refusal(registration({ tmItems: [{ appCountry: 'CN', tmCl: [9], goodsItem: [{ tmCl: 25, name: '服装' }] }] }))).toContain('服装');
    expect(await refusal(registration({ tmItems: [{ appCountry: 'CN', tmCl: [9], goodsItem: [{ tmCl: 9, code: '2501', name: '外套' }] }] }))).toContain(
      '类似群 2501 属于第 25 类',
    );
    expect(await refusal(registration({ tmItems: [{ appCountry: 'CN', tmCl: [9], goodsItem: [{ tmCl: 9, name: '广告' }] }] }))).toContain('属于第 35 类');
    const outside = await server.post('/caseManage/saveCase', { caseType: 'domesticRegistration', bizParam: { intCls: [46] } }, admin);
    expect(outside.statusCode).toBe(422);
    expect(message(outside)).toContain('类别');
    expect(await refusal(registration({ priorityRadio: 'yes', dplPriorityTm: JSON.stringify([{ priorityCountry: 'US', priorityNo: '123' }]) }))).toContain(
      '优先权日期',
    );
    expect(
      await refusal(registration({ priorityRadio: 'yes', dplPriorityTm: JSON.stringify([{ priorityCountry: 'US', priorityDate: '2026-01-02' }]) })),
    ).toContain('优先权申请号');
    expect(await refusal(registration({ coOwnerInfo: '不是 JSON' }))).toContain('共有人');
    expect(await refusal(registration(), 'noSuchType')).toContain('案件类型');
    expect(await refusal(registration({ tmItems: [{ appCountry: 'US', tmCl: [9], goodsItem: [] }] }))).toContain('申请国家/地区');
    const after = await db()
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('enforces who may make each move: staff cannot confirm, submit moves only from its statuses', async () => {
    const own = await server.call(
      'caseManage.saveCase',
      {
        caseType: 'renewal',
        bizParam: { brandId: companyMark, form: { regNo: '12345678' }, tmItems: [{ appCountry: 'CN', tmCl: [3], goodsItem: [] }] },
      },
      staff,
    );
    const confirm = await server.send('caseManage.confirmSubmissionCase', { caseNo: own.caseNo }, staff);
    expect(confirm.statusCode).toBe(403);
    expect(message(confirm)).toContain('案件递交');
    // The company administrator holds caseFiling, but a draft cannot be confirmed.
    const early = await server.send('caseManage.confirmSubmissionCase', { caseNo: own.caseNo }, corpAdmin);
    expect(early.statusCode).toBe(422);
    expect(message(early)).toContain('草稿');
    const del = await server.send('caseManage.deleteCase', { caseNo: own.caseNo }, staff);
    expect(del.statusCode).toBe(403);
  });

  it('keeps organisations apart: another organisation’s case and mark are refused', async () => {
    const agencyCase = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', bizParam: registration() }, admin);
    const read = await server.send('caseManage.queryCase', { caseNo: agencyCase.caseNo }, corpAdmin);
    expect(read.statusCode).toBe(404);
    const update = await server.send('caseManage.updateCase', { caseNo: agencyCase.caseNo, revision: 0, bizParam: {} }, corpAdmin);
    expect(update.statusCode).toBe(404);
    const mark = await server.send('caseManage.saveCase', { caseType: 'renewal', bizParam: { brandId: agencyMark } }, corpAdmin);
    expect(mark.statusCode).toBe(422);
    expect(message(mark)).toContain('商标');
    const list = await server.call('caseManage.getCaseLists', { keyword: agencyCase.caseNo }, corpAdmin);
    expect(list.count).toBe(0);
    const cases = await server.call('caseManage.queryByTmInfo', { brandId: agencyMark }, admin);
    expect(cases.list.map((c) => c.caseNo)).toContain(agencyCase.caseNo);
    expect((await server.send('caseManage.queryByTmInfo', { brandId: agencyMark }, corpAdmin)).statusCode).toBe(404);
  });

  it('deletes a case not yet filed, and refuses a filed one', async () => {
    const draft = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', bizParam: registration() }, admin);
    await server.call('caseManage.deleteCase', { caseNo: draft.caseNo }, admin);
    expect((await server.send('caseManage.queryCase', { caseNo: draft.caseNo }, admin)).statusCode).toBe(404);
    const filed = await db()
      .selectFrom('cases')
      .select('case_no')
      .where('filed_at', 'is not', null)
      .where('org_id', '=', (await db().selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id)
      .executeTakeFirstOrThrow();
    const refused = await server.send('caseManage.deleteCase', { caseNo: filed.case_no }, admin);
    expect(refused.statusCode).toBe(422);
    expect(message(refused)).toContain('已向官方递交，不能删除');
  });

  it('sends comments whose mentions reach the person as a message', async () => {
    const c = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', bizParam: registration() }, admin);
    const people = await server.call('caseManage.usersWithPermissions', { permission: 'caseFiling' }, admin);
    const li = people.find((p) => p.name === '李代理')!;
    expect(li).toBeDefined();
    const comment = await server.call('caseManage.sendComments', { caseNo: c.caseNo, content: '请核对第 25 类的商品', mentionIds: [li.id] }, admin);
    expect(comment.mentions).toEqual([{ id: li.id, name: '李代理' }]);
    const inbox = await server.call('home.getMessageList', { unreadOnly: true }, agent);
    expect(inbox.list[0]).toMatchObject({ title: `王管理在案件 ${c.caseNo} 中提到了您`, content: '请核对第 25 类的商品' });
    expect((await server.call('caseManage.getComments', { caseNo: c.caseNo }, agent)).list.map((x) => x.content)).toEqual(['请核对第 25 类的商品']);
    const foreign = await db().selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow();
    const wrong = await server.send('caseManage.sendComments', { caseNo: c.caseNo, content: '看看', mentionIds: [foreign.id] }, admin);
    expect(wrong.statusCode).toBe(422);
    expect(message(wrong)).toContain('提及的人');
  });

  it('exports the listed cases as a readable .xlsx and counts them per type', async () => {
    const stats = await server.call('caseManage.caseTypeStatistics', {}, admin);
    const list = await server.call('caseManage.getCaseLists', { pageSize: 100 }, admin);
    expect(stats.total).toBe(list.count);
    const registrations = list.list.filter((c) => c.caseType === 'domesticRegistration').length;
    expect(stats.list.find((s) => s.caseType === 'domesticRegistration')).toMatchObject({ title: '国内商标注册', count: registrations });
    const renewals = await server.call('caseManage.getCaseLists', { caseType: 'renewal' }, admin);
    expect(stats.list.find((s) => s.caseType === 'renewal')!.count).toBe(renewals.count);

    const res = await server.send('caseManage.exportCase', { caseType: 'renewal' }, admin);
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['案件编号', '案件类型', '状态']);
    expect(rows.length - 1).toBe(renewals.count);
    expect(rows.slice(1).every((r) => r[1] === '商标续展')).toBe(true);
  });

  it('lists the organisation’s case types and a type’s schema for the pages', async () => {
    const types = await server.call('caseManage.caseTypes', {}, admin);
    expect(types.list[0]!.name).toBe('domesticRegistration');
    expect(types.list.map((t) => t.name)).toEqual(expect.arrayContaining(['renewal', 'transfer', 'changeName', 'overseasRegistration']));
    expect(types.list[0]).toMatchObject({ routes: { apply: '/brands/domesticRegistration', detail: '/brands/domesticDetail' }, scope: 'domestic', version: 0 });
    const schema = await server.call('caseManage.caseTypeSchema', { caseType: 'renewal' }, admin);
    expect(schema.statuses.length).toBeGreaterThan(3);
    expect(schema.attachments).toEqual([
      expect.objectContaining({ key: 'subjectQualification', required: true }),
      expect.objectContaining({ key: 'powerOfAttorney', required: true }),
    ]);
    const collected = await server.call('caseManage.collectTmItem', { brandIds: [agencyMark] }, admin);
    expect(collected.tmItems[0]!.appCountry).toBe('CN');
    expect((await server.call('caseManage.getDictItems', { dictCode: 'CASE_OFR_OSF' }, admin)).map((i) => i.label)).toContain('代理委托书');
  });

  it('splits a case into one sub-case per class', async () => {
    const c = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', bizParam: registration() }, admin);
    const split = await server.call('caseManage.subcase', { caseNo: c.caseNo, splitBy: 'class' }, admin);
    expect(split.list).toHaveLength(3);
    const child = await server.call('caseManage.queryCase', { caseNo: split.list[1]!.caseNo }, admin);
    expect(child.parentCaseNo).toBe(c.caseNo);
    expect(child.bizParam.tmItems[0]!.tmCl).toEqual([25]);
    expect((await server.call('caseManage.queryCase', { caseNo: c.caseNo }, admin)).status).toBe('withdrawn');
  });

  it('hands the cases a deleted user handles over to the chosen colleague', async () => {
    const sunxin = await db().selectFrom('users').select('id').where('username', '=', 'sunxin').executeTakeFirstOrThrow();
    const li = await db().selectFrom('users').select('id').where('username', '=', 'agent').executeTakeFirstOrThrow();
    const c = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', handlerId: sunxin.id, bizParam: registration() }, admin);
    expect(c.handlerId).toBe(sunxin.id);
    const holdings = await server.call('user.holdings', { id: sunxin.id }, admin);
    expect(holdings.items.find((h) => h.kind === 'cases')).toMatchObject({ label: '承办的案件' });
    await server.call('user.delete', { id: sunxin.id, handoverTo: li.id }, admin);
    expect((await server.call('caseManage.queryCase', { caseNo: c.caseNo }, admin)).handlerName).toBe('李代理');
  });
});
