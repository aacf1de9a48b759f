import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseBizParam } from '../../src/generated/types.js';
import { addDays, addMonths, chinaToday } from '../../src/shared/trademarkDates.js';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { multipart } from './support/multipart.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

/**
 * The archive follows cases (issue 35 §4, §6): a registration enters the archive, a renewal moves
 * the term, a transfer and a change of name rewrite the applicant with the mark's history; a letter
 * moves a case; tied marks are listed and warned of; merged marks take their cases; official fees
 * come from CNIPA's table.
 */
describe.skipIf(skipThisDatabase)(`the archive follows cases (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let orgId: number;
  let adminId: number;
  let agentId: number;

  const db = () => server.database.db;
  const message = (res: { json(): unknown }) => (res.json() as { subMessage?: string }).subMessage ?? '';

  async function upload(name: string): Promise<string> {
    const { payload, headers } = multipart(name, logoPng(5), { purpose: 'general' });
    return dataOf('file.upload', await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token: admin } })).path;
  }

  /** An archive mark of the agency, entered by hand. */
  async function addMark(values: { tmName: string; appNo: string; tmCl: number; applicant: string; goods?: { code: string; name: string }[]; end?: string }) {
    const row = await db()
      .insertInto('brand_archives')
      .values({
        org_id: orgId,
        source: 1,
        country_code: 'CN',
        app_no: values.appNo,
        reg_no: values.appNo,
        int_cls: values.tmCl,
        tm_name: values.tmName,
        tm_status: '已注册',
        applicant_cn: values.applicant,
        applicant_address: '浙江省杭州市西湖区文三路 90 号',
        goods: JSON.stringify(values.goods ?? []),
        private_end_date: values.end ?? '2027-03-20',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Puts a saved case where the agency has filed it (the submit checks are the lifecycle tests' business). */
  async function markFiled(caseNo: string) {
    await db()
      .updateTable('cases')
      .set({ status: 'filed', stage: 'filed', filed_at: new Date(), submitted_at: new Date() })
      .where('case_no', '=', caseNo)
      .execute();
  }

  const registration = (tmName: string): CaseBizParam => ({
    tmType: '一般',
    priorityRadio: 'no',
    dplPriorityTm: '[]',
    coOwnerInfo: '[]',
    tmName,
    tmItems: [
      {
        appCountry: 'CN',
        tmCl: [35, 9, 25],
        goodsItem: [
          { tmCl: 25, code: '2501', name: '服装' },
          { tmCl: 9, code: '0901', name: '计算机' },
          { tmCl: 35, code: '3501', name: '广告' },
          { tmCl: 9, code: '0901', name: '平板电脑' },
        ],
      },
    ],
    form: {
      applicantName: '杭州青禾食品有限公司',
      applicantAddress: '浙江省杭州市西湖区文三路 90 号',
      applicantCreditCode: '91330106MA2B3C4D5E',
      postCode: '310012',
      applicantNameEn: 'Hangzhou Qinghe Foods Co., Ltd.',
      tmName,
      agentName: '北京知联商标代理有限公司',
      agentPerson: '李代理',
      parentCgInfo: [
        { tmCl: 35, goods: [{ name: '广告', groupNum: '3501', cgNum: '350001' }] },
        {
          tmCl: 9,
          goods: [
            { name: '平板电脑', groupNum: '0901', cgNum: '090002' },
            { name: '计算机', groupNum: '0901', cgNum: '090001' },
          ],
        },
        { tmCl: 25, goods: [{ name: '服装', groupNum: '2501', cgNum: '250001' }] },
      ],
    },
  });

  beforeAll(async () => {
    server = await startTestServer();
    await sql`insert into classification_classes (class_no, name) values (9, '科学仪器'), (25, '服装鞋帽'), (35, '广告销售')`.execute(db());
    await sql`insert into classification_groups (group_no, class_no, name, position) values
      ('0901', 9, '电子计算机及其外部设备', 1), ('0907', 9, '通讯导航设备', 2), ('2501', 25, '衣物', 1), ('3501', 35, '广告', 1)`.execute(db());
    await sql`insert into classification_items (code, group_no, class_no, name, position) values
      ('090001', '0901', 9, '计算机', 1), ('090002', '0901', 9, '平板电脑', 2), ('250001', '2501', 25, '服装', 1), ('350001', '3501', 35, '广告', 1)`.execute(
      db(),
    );
    [admin, agent] = await Promise.all([server.signIn('admin'), server.signIn('agent')]);
    const me = await db().selectFrom('users').select(['id', 'org_id']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    orgId = me.org_id;
    adminId = me.id;
    agentId = (await db().selectFrom('users').select('id').where('username', '=', 'agent').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server?.stop());

  it('has demo data: a finished registration whose mark the archive took from it, and a case a letter moved', async () => {
    const marks = await db()
      .selectFrom('brand_archives')
      .select(['id', 'source', 'tm_name'])
      .where('org_id', '=', orgId)
      .where('app_no', '=', '79120001')
      .execute();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((m) => m.source === 3 && m.tm_name === '青禾云')).toBe(true);
    const cases = await server.call('caseManage.queryByTmInfo', { brandId: marks[0]!.id }, admin);
    expect(cases.list[0]).toMatchObject({ tmName: '青禾云', status: 'finished', result: 'success' });
    expect((await server.call('caseManage.brandHistory', { brandId: marks[0]!.id }, admin)).list[0]!.action).toBe('register');
    const moved = await server.call('caseManage.getCaseLists', { keyword: '79120002' }, admin);
    expect(moved.list[0]).toMatchObject({ tmName: '青禾优选', stage: 'accepted', stageTitle: '受理', status: 'accepted' });
  });

  it('prices official fees from CNIPA’s table: per class, each item over ten, online or paper', async () => {
    const goods = Array.from({ length: 12 }, (_, i) => ({ tmCl: 9, name: `测试商品${i + 1}` }));
    const saved = await server.call(
      'caseManage.saveCase',
      {
        caseType: 'domesticRegistration',
        bizParam: { tmItems: [{ appCountry: 'CN', tmCl: [9, 25], goodsItem: [...goods, { tmCl: 25, code: '2501', name: '服装' }] }] },
      },
      admin,
    );
    // Online since 2019-07-01: 270 a class, 27 for each of the two items over ten in class 9.
    expect(saved.bizParam.tmItems[0]!.officialFees).toBe(270 * 2 + 27 * 2);
    expect(saved.fees.find((f) => f.kind === 'official')).toMatchObject({ name: '注册申请官费', quantity: 2, amount: 594 });
    const paper = await server.call(
      'caseManage.updateCase',
      { caseNo: saved.caseNo, revision: saved.revision, submitType: 'paper', bizParam: { tmItems: saved.bizParam.tmItems } },
      admin,
    );
    expect(paper.bizParam.tmItems[0]!.officialFees).toBe(300 * 2 + 30 * 2);
    expect((await server.call('caseManage.queryCase', { caseNo: saved.caseNo }, admin)).bizParam.tmItems[0]!.officialFees).toBe(660);
    // A change is free online (发改价格〔2019〕914号), 150 on paper; charged per mark.
    const a = await addMark({ tmName: '费用甲', appNo: '61000001', tmCl: 3, applicant: '费用测试公司' });
    const b = await addMark({ tmName: '费用乙', appNo: '61000002', tmCl: 5, applicant: '费用测试公司' });
    const change = await server.call(
      'caseManage.saveCase',
      {
        caseType: 'changeName',
        submitType: 'paper',
        bizParam: { brandId: a, relatedBrandIds: [b], tmItems: [{ appCountry: 'CN', tmCl: [3, 5], goodsItem: [] }] },
      },
      admin,
    );
    expect(change.bizParam.tmItems[0]!.officialFees).toBe(300);
  });

  it('adds a finished registration to the archive (source 3) with its classes, goods, applicant and number; the mark lists the case', async () => {
    const saved = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', bizParam: registration('青禾云') }, admin);
    await markFiled(saved.caseNo);
    // No application number yet: the archive cannot take the mark, so the result is refused and nothing changes.
    const early = await server.send('caseManage.setCaseResultValue', { caseNo: saved.caseNo, result: 'success' }, agent);
    expect(early.statusCode).toBe(422);
    expect(message(early)).toContain('申请号');
    expect((await server.call('caseManage.queryCase', { caseNo: saved.caseNo }, admin)).result).toBeNull();

    await server.call('caseManage.caseAppNoSupply', { caseNo: saved.caseNo, appNo: '79001234' }, agent);
    const done = await server.call('caseManage.setCaseResultValue', { caseNo: saved.caseNo, result: 'success', resultNote: '核准注册' }, agent);
    expect(done.status).toBe('finished');
    const marks = await db().selectFrom('brand_archives').selectAll().where('app_no', '=', '79001234').orderBy('int_cls').execute();
    expect(marks.map((m) => [m.source, m.int_cls, m.tm_name, m.applicant_cn, m.tm_status, m.reg_no])).toEqual([
      [3, 9, '青禾云', '杭州青禾食品有限公司', '已注册', '79001234'],
      [3, 25, '青禾云', '杭州青禾食品有限公司', '已注册', '79001234'],
      [3, 35, '青禾云', '杭州青禾食品有限公司', '已注册', '79001234'],
    ]);
    expect(marks[0]!.goods.map((g) => [g.code, g.name])).toEqual([
      ['0901', '计算机'],
      ['0901', '平板电脑'],
    ]);
    expect(marks[0]!.applicant_en).toBe('Hangzhou Qinghe Foods Co., Ltd.');
    expect(marks[0]!.agent).toBe('北京知联商标代理有限公司');
    // The first term: ten years from the registration, less a day.
    const reg = marks[0]!.reg_date!;
    expect(reg).toBe(chinaToday());
    expect(marks[0]!.private_end_date).toBe(addDays(addMonths(reg, 120), -1));

    const detail = await server.call('caseManage.queryCase', { caseNo: saved.caseNo }, admin);
    expect(detail.marks.map((m) => m.id).sort((x, y) => x - y)).toEqual(marks.map((m) => m.id));
    const page = await server.call('caseManage.queryByTmInfo', { brandId: marks[1]!.id }, admin);
    expect(page.list.map((c) => c.caseNo)).toEqual([saved.caseNo]);
    const history = await server.call('caseManage.brandHistory', { brandId: marks[2]!.id }, admin);
    expect(history.list[0]).toMatchObject({ action: 'register', actionTitle: '注册入档', caseNo: saved.caseNo, userName: '李代理' });
    expect(history.list[0]!.content).toContain('第 35 类');
    const trends = await server.call('caseManage.getTrendsList', { caseNo: saved.caseNo }, admin);
    expect(trends.list[0]).toMatchObject({ actionTitle: '档案更新', content: expect.stringContaining('商标已加入档案（3 件') });
  });

  it('renews: the exclusive-use end date moves on ten years, the new term running from the day after the old one ends', async () => {
    const mark = await addMark({ tmName: '续展星', appNo: '62000001', tmCl: 3, applicant: '续展测试公司', end: '2024-02-28' });
    const leap = await addMark({ tmName: '续展月', appNo: '62000002', tmCl: 3, applicant: '续展测试公司', end: '2024-02-29' });
    const saved = await server.call(
      'caseManage.saveCase',
      { caseType: 'renewal', bizParam: { brandId: mark, relatedBrandIds: [leap], tmItems: [{ appCountry: 'CN', tmCl: [3], goodsItem: [] }] } },
      admin,
    );
    // 续展 is charged per class: 450 online.
    expect(saved.bizParam.tmItems[0]!.officialFees).toBe(450);
    await markFiled(saved.caseNo);
    await server.call('caseManage.setCaseResultValue', { caseNo: saved.caseNo, result: 'success' }, agent);
    const ends = await db().selectFrom('brand_archives').select(['id', 'private_end_date']).where('id', 'in', [mark, leap]).orderBy('id').execute();
    expect(ends.map((e) => e.private_end_date)).toEqual(['2034-02-28', '2034-02-28']);
    const history = await server.call('caseManage.brandHistory', { brandId: leap }, admin);
    expect(history.list[0]).toMatchObject({
      action: 'renew',
      field: 'private_end_date',
      fieldTitle: '专用权截止日期',
      before: '2024-02-29',
      after: '2034-02-28',
    });
  });

  it('transfers: the applicant becomes the transferee on the mark, with a history entry and a trend', async () => {
    const mark = await addMark({ tmName: '转让鸟', appNo: '63000001', tmCl: 30, applicant: '转让人有限公司' });
    const saved = await server.call(
      'caseManage.saveCase',
      {
        caseType: 'transfer',
        bizParam: {
          brandId: mark,
          tmItems: [{ appCountry: 'CN', tmCl: [30], goodsItem: [] }],
          form: { applicantName: '转让人有限公司', transfereeName: '受让人股份有限公司', transfereeAddress: '上海市浦东新区世纪大道 100 号' },
        },
      },
      admin,
    );
    expect(saved.bizParam.tmItems[0]!.officialFees).toBe(450);
    await markFiled(saved.caseNo);
    await server.call('caseManage.setCaseResultValue', { caseNo: saved.caseNo, result: 'success' }, agent);
    const after = await db().selectFrom('brand_archives').selectAll().where('id', '=', mark).executeTakeFirstOrThrow();
    expect([after.applicant_cn, after.applicant_address]).toEqual(['受让人股份有限公司', '上海市浦东新区世纪大道 100 号']);
    const history = await server.call('caseManage.brandHistory', { brandId: mark }, admin);
    expect(history.list.map((h) => [h.action, h.field, h.before, h.after])).toEqual(
      expect.arrayContaining([
        ['changeHolder', 'applicant_cn', '转让人有限公司', '受让人股份有限公司'],
        ['changeHolder', 'applicant_address', '浙江省杭州市西湖区文三路 90 号', '上海市浦东新区世纪大道 100 号'],
      ]),
    );
    expect((await server.call('caseManage.queryByTmInfo', { brandId: mark }, admin)).list.map((c) => c.caseNo)).toContain(saved.caseNo);
  });

  it('changes the name on every mark the case lists', async () => {
    const a = await addMark({ tmName: '名义一', appNo: '64000001', tmCl: 3, applicant: '旧名义有限公司' });
    const b = await addMark({ tmName: '名义二', appNo: '64000002', tmCl: 5, applicant: '旧名义有限公司' });
    const saved = await server.call(
      'caseManage.saveCase',
      { caseType: 'changeName', bizParam: { brandId: a, relatedBrandIds: [b], form: { applicantName: '旧名义有限公司', newApplicantName: '新名义有限公司' } } },
      admin,
    );
    await markFiled(saved.caseNo);
    await server.call('caseManage.setCaseResultValue', { caseNo: saved.caseNo, result: 'success' }, agent);
    const names = await db().selectFrom('brand_archives').select('applicant_cn').where('id', 'in', [a, b]).execute();
    expect(names.map((n) => n.applicant_cn)).toEqual(['新名义有限公司', '新名义有限公司']);
  });

  it('ties to a transfer the holder’s alike marks on goods the classification’s notes call similar, in another class too', async () => {
    const holder = '跨类一并有限公司';
    // The groups' notes as the classification has them (the test server imports no classification).
    await db()
      .insertInto('classification_classes')
      .values([
        { class_no: 3, name: '日化用品', remark: '' },
        { class_no: 5, name: '医药', remark: '' },
      ])
      .onConflict((oc) => oc.column('class_no').doNothing())
      .execute();
    await db()
      .insertInto('classification_groups')
      .values([
        { group_no: '0307', class_no: 3, name: '洗涤用品', remark: '本类似群与 0501 含药物的牙膏类似。', position: 7 },
        { group_no: '0501', class_no: 5, name: '药品，消毒剂，中药药材，药酒', remark: '', position: 1 },
        { group_no: '0505', class_no: 5, name: '卫生用品', remark: '', position: 5 },
      ])
      .onConflict((oc) => oc.column('group_no').doNothing())
      .execute();
    const toothpaste = await addMark({ tmName: '晨露', appNo: '65100001', tmCl: 3, applicant: holder, goods: [{ code: '0307', name: '牙膏' }] });
    const medicated = await addMark({ tmName: '晨露', appNo: '65100002', tmCl: 5, applicant: holder, goods: [{ code: '0501', name: '药物牙膏' }] });
    const unrelated = await addMark({ tmName: '晨露', appNo: '65100003', tmCl: 5, applicant: holder, goods: [{ code: '0505', name: '卫生巾' }] });
    const transfer = await server.call(
      'caseManage.saveCase',
      { caseType: 'transfer', bizParam: { brandId: toothpaste, form: { applicantName: holder, transfereeName: '受让方' } } },
      admin,
    );
    const tied = await server.call('caseManage.queryTiedMarks', { caseNo: transfer.caseNo }, admin);
    expect(tied.list.map((m) => m.id)).toEqual([medicated]);
    expect(tied.list[0]!.reason).toBe('与“晨露”相同，类似群 0307 与 0501 按区分表注释类似');
    expect(tied.list.map((m) => m.id)).not.toContain(unrelated);
  });

  it('lists the marks the law ties to a change of name or a transfer, and warns before submitting without them', async () => {
    const holder = '一并测试有限公司';
    const main = await addMark({ tmName: '星河', appNo: '65000001', tmCl: 9, applicant: holder, goods: [{ code: '0901', name: '计算机' }] });
    const same = await addMark({ tmName: '星河', appNo: '65000002', tmCl: 9, applicant: holder, goods: [{ code: '0901', name: '平板电脑' }] });
    const alike = await addMark({ tmName: '星河科技', appNo: '65000003', tmCl: 9, applicant: holder, goods: [{ code: '0901', name: '笔记本电脑' }] });
    const otherGroup = await addMark({ tmName: '星河', appNo: '65000004', tmCl: 9, applicant: holder, goods: [{ code: '0907', name: '手机' }] });
    const otherClass = await addMark({ tmName: '星河', appNo: '65000005', tmCl: 25, applicant: holder, goods: [{ code: '2501', name: '服装' }] });
    const unlike = await addMark({ tmName: '青松', appNo: '65000006', tmCl: 9, applicant: holder, goods: [{ code: '0901', name: '计算机' }] });

    const transfer = await server.call(
      'caseManage.saveCase',
      { caseType: 'transfer', bizParam: { brandId: main, form: { applicantName: holder, transfereeName: '受让方' } } },
      admin,
    );
    const tied = await server.call('caseManage.queryTiedMarks', { caseNo: transfer.caseNo }, admin);
    expect(tied.rule).toContain('商标法第四十二条');
    expect(tied.list.map((m) => m.id).sort((x, y) => x - y)).toEqual([same, alike]);
    expect(tied.list.find((m) => m.id === same)!.reason).toBe('与“星河”相同，第 9 类类似群 0901');
    expect(tied.list.find((m) => m.id === alike)!.reason).toContain('近似');
    expect(tied.list.map((m) => m.id)).not.toContain(otherGroup);
    expect(tied.list.map((m) => m.id)).not.toContain(unlike);

    const change = await server.call(
      'caseManage.saveCase',
      { caseType: 'changeName', bizParam: { brandId: main, relatedBrandIds: [same], form: { applicantName: holder, newApplicantName: '新一并有限公司' } } },
      admin,
    );
    const all = await server.call('caseManage.queryTiedMarks', { caseNo: change.caseNo }, admin);
    expect(all.rule).toContain('第三十条');
    expect(all.list.map((m) => m.id).sort((x, y) => x - y)).toEqual([alike, otherGroup, otherClass, unlike]);

    // Submitting a change that leaves marks behind is refused with the marks named, and goes through once confirmed.
    const files = await Promise.all(['subjectQualification', 'changeProof', 'powerOfAttorney'].map(async (key) => ({ key, path: await upload(`${key}.png`) })));
    const complete = await server.call(
      'caseManage.updateCase',
      {
        caseNo: change.caseNo,
        revision: change.revision,
        bizParam: {
          brandId: main,
          relatedBrandIds: [same],
          officialSubmitFiles: [{ appCountry: 'CN', files: files.map((f) => ({ fileName: `${f.key}.png`, filePath: f.path, attachmentKey: f.key })) }],
          form: {
            applicantName: holder,
            applicantAddress: '浙江省杭州市西湖区文三路 90 号',
            newApplicantName: '新一并有限公司',
            brandId: main,
            tmName: '星河',
            regNo: '65000001',
            intCls: [9],
          },
        },
      },
      admin,
    );
    const warned = await server.send('caseManage.submitCase', { caseNo: change.caseNo, revision: complete.revision }, admin);
    expect(warned.statusCode, warned.body).toBe(422);
    expect(message(warned)).toContain('全部注册商标一并变更');
    expect(message(warned)).toContain('65000003');
    expect((await server.call('caseManage.queryCase', { caseNo: change.caseNo }, admin)).status).toBe('draft');
    const submitted = await server.call('caseManage.submitCase', { caseNo: change.caseNo, revision: complete.revision, confirmTiedMarks: true }, admin);
    expect(submitted.status).toBe('pending');
    const trends = await server.call('caseManage.getTrendsList', { caseNo: change.caseNo }, admin);
    expect(trends.list.map((t) => t.actionTitle)).toContain('一并办理');
  });

  it('moves a case when a 受理通知书 for its application number is recorded: stage, trend and a message to the handler', async () => {
    const saved = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', handlerId: agentId, bizParam: registration('官文推进') }, admin);
    await markFiled(saved.caseNo);
    await server.call('caseManage.caseAppNoSupply', { caseNo: saved.caseNo, appNo: '79005678' }, agent);
    // A letter for another number moves nothing.
    const other = await server.call('brandOfficials.addOfficialDocument', { documentType: '受理通知书', appNo: '79009999', receiveDate: '2026-01-05' }, admin);
    expect(other.movedCases).toEqual([]);
    const recorded = await server.call(
      'brandOfficials.addOfficialDocument',
      { documentType: '受理通知书', appNo: '79005678', receiveDate: '2026-01-06' },
      admin,
    );
    expect(recorded.movedCases).toEqual([expect.objectContaining({ caseNo: saved.caseNo, stage: 'accepted', stageTitle: '受理', status: 'accepted' })]);
    const detail = await server.call('caseManage.queryCase', { caseNo: saved.caseNo }, admin);
    expect(detail).toMatchObject({ stage: 'accepted', status: 'accepted', statusTitle: '已受理' });
    const trends = await server.call('caseManage.getTrendsList', { caseNo: saved.caseNo }, admin);
    expect(trends.list[0]).toMatchObject({ actionTitle: '官文推进', userName: '王管理' });
    expect(trends.list[0]!.content).toContain('收到受理通知书（申请号 79005678');
    const records = await server.call('caseManage.caseQueryStageRecord', { caseNo: saved.caseNo }, admin);
    expect(records.list.at(-1)).toMatchObject({ stage: 'accepted', leftAt: null });
    const inbox = await server.call('home.getMessageList', { unreadOnly: true }, agent);
    expect(inbox.list.find((m) => m.title === `案件 ${saved.caseNo} 进入“受理”阶段`)).toBeDefined();

    // A 补正通知书 by post starts the correction stage with the letter's deadline: 30 days from its postmark.
    const correction = await server.call(
      'brandOfficials.addOfficialDocument',
      { documentType: '补正通知书', appNo: '79005678', receiveDate: '2026-01-10', deliveryMethod: '纸质' },
      admin,
    );
    expect(correction.officalLimit).toBe('2026-02-09');
    const corrected = await server.call('caseManage.caseQueryStageRecord', { caseNo: saved.caseNo }, admin);
    expect(corrected.list.at(-1)).toMatchObject({ stage: 'correction', deadline: '2026-02-09' });

    // The registration certificate finishes the case and the archive follows.
    const cert = await server.call('brandOfficials.addOfficialDocument', { documentType: '商标注册证', appNo: '79005678', receiveDate: '2026-01-12' }, admin);
    expect(cert.movedCases[0]).toMatchObject({ stage: 'registered', status: 'finished' });
    expect((await server.call('caseManage.queryCase', { caseNo: saved.caseNo }, admin)).result).toBe('success');
    const entered = await db().selectFrom('brand_archives').select('source').where('app_no', '=', '79005678').execute();
    expect(entered.map((m) => m.source)).toEqual([3, 3, 3]);
    // The letter itself is kept on the mark, once the mark is in the archive the next letter finds it
    // (received no earlier than the mark's application date, which the case gave it: today).
    const after = await server.call('brandOfficials.addOfficialDocument', { documentType: '商标注册证', appNo: '79005678', receiveDate: chinaToday() }, admin);
    const kept = await db().selectFrom('official_documents').select('brand_archive_id').where('id', '=', after.id).executeTakeFirstOrThrow();
    expect(kept.brand_archive_id).not.toBeNull();
  });

  it('moves a case’s marks and the marks’ history with a merge', async () => {
    const kept = await addMark({ tmName: '合并留', appNo: '66000001', tmCl: 3, applicant: '合并测试公司' });
    const merged = await addMark({ tmName: '合并去', appNo: '66000001', tmCl: 3, applicant: '合并测试公司' });
    const saved = await server.call(
      'caseManage.saveCase',
      { caseType: 'changeName', bizParam: { brandId: merged, form: { applicantName: '合并测试公司', newApplicantName: '合并后公司' } } },
      admin,
    );
    await markFiled(saved.caseNo);
    await server.call('caseManage.setCaseResultValue', { caseNo: saved.caseNo, result: 'success' }, agent);
    await server.call('brandMerge.mergeBrand', { mergeList: [{ targetBrandId: kept, mergedBrandIds: [merged] }] }, admin);
    const detail = await server.call('caseManage.queryCase', { caseNo: saved.caseNo }, admin);
    expect(detail.marks.map((m) => m.id)).toEqual([kept]);
    expect((await server.call('caseManage.queryByTmInfo', { brandId: kept }, admin)).list.map((c) => c.caseNo)).toContain(saved.caseNo);
    expect((await server.call('caseManage.brandHistory', { brandId: kept }, admin)).list.map((h) => h.caseNo)).toContain(saved.caseNo);
  });

  it('refuses a mark’s history to an agency user who is not responsible for it', async () => {
    const mark = await addMark({ tmName: '别人的', appNo: '67000001', tmCl: 3, applicant: '某公司' });
    await db().updateTable('brand_archives').set({ owner_user_id: adminId }).where('id', '=', mark).execute();
    const res = await server.send('caseManage.brandHistory', { brandId: mark }, agent);
    expect(res.statusCode).toBe(404);
  });
});
