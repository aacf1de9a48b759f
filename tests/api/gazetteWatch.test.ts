import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workCalendar } from '../../src/server/officials/workCalendarStore.js';
import { namePinyin } from '../../src/server/trademarks/namePinyin.js';
import { oppositionDeadline } from '../../src/shared/gazette/gazetteRules.js';
import { addDays, chinaToday } from '../../src/shared/trademarkDates.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

/**
 * The gazette watch (/brand/riskGg): publications for opposition that conflict with the
 * organisation's marks are found by a run with their reasons and deadline, only once, and new ones
 * by the next run; hits are dismissed, restored and turned into an objection proposal; the other
 * organisation sees and touches none of them.
 */
describe.skipIf(skipThisDatabase)(`gazette watch (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let corpAdmin: string;
  let org: number;
  let ownId: number;
  const today = chinaToday();
  const OWN_HASH = 0x1234_5678_9abc_def0n;

  const db = () => server.database.db;
  const publish = async (appNo: string, name: string, cls: number, group: string, prelim: string, logoHash: bigint | null = null) => {
    const row = await db()
      .insertInto('tm_register')
      .values({
        app_no: appNo,
        int_cls: cls,
        tm_name: name,
        tm_name_pinyin: namePinyin(name),
        tm_status: '初审公告',
        applicant_cn: '他方贸易有限公司',
        app_date: addDays(prelim, -200),
        prelim_date: prelim,
        announcement_issue: '1987',
        goods: JSON.stringify([{ code: group, name: `${group} 的商品` }]),
        logo_hash: logoHash === null ? null : BigInt.asIntN(64, logoHash).toString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const runAndWait = async (token = admin) => {
    await server.call('gazette.run', {}, token);
    for (let i = 0; i < 300; i++) {
      const status = await server.call('gazette.runStatus', {}, token);
      if (status.state !== 'running') return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('比对未在 30 秒内完成');
  };
  const refused = (call: 'dismiss' | 'restore' | 'startProposal', body: object, status: number, token: string) =>
    server.refused(`/api/gazette/${call}`, body, token, status);
  const hits = async (keyword: string, token = admin) => (await server.call('gazette.list', { keyword, pageSize: 100 }, token)).list;

  beforeAll(async () => {
    server = await startTestServer();
    [admin, corpAdmin] = await Promise.all([server.signIn('admin'), server.signIn('corpAdmin')]);
    org = (await db().selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
    ownId = (
      await db()
        .insertInto('brand_archives')
        .values({
          org_id: org,
          app_no: '66000001',
          int_cls: 3,
          tm_name: '澜星',
          tm_name_pinyin: namePinyin('澜星'),
          tm_status: '已注册',
          applicant_cn: '我方日化有限公司',
          goods: JSON.stringify([{ code: '0306', name: '化妆品' }]),
          logo_hash: BigInt.asIntN(64, OWN_HASH).toString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await runAndWait();
  });
  afterAll(() => server?.stop());

  it('finds a conflicting publication with its reasons and deadline, not one on other goods nor one past its opposition period', async () => {
    const prelim = addDays(today, -20);
    await publish('66100001', '澜醒', 3, '0306', prelim);
    await publish('66100002', '澜醒', 9, '0901', prelim);
    await publish('66100003', '澜星', 3, '0306', addDays(today, -120));
    const status = await runAndWait();
    expect(status.state).toBe('idle');
    expect(status.added).toBe(1);
    const found = await hits('澜');
    expect(found).toHaveLength(1);
    const expected = oppositionDeadline(prelim, await workCalendar(db())).date;
    expect(found[0]).toMatchObject({
      tmName: '澜醒',
      appNo: '66100001',
      tmCl: 3,
      applicant: '他方贸易有限公司',
      announcementIssue: '1987',
      prelimDate: prelim,
      deadline: expected,
      brandId: ownId,
      ownTmName: '澜星',
      reasons: ['读音相同'],
      goodsNote: '类似群 0306 相同',
      groups: ['0306'],
      state: 'new',
      stateText: '待处理',
      demandId: null,
    });
    expect(expected >= addDays(prelim, 89)).toBe(true);
    expect(found[0]!.deadlineSteps[0]).toContain('商标法第三十三条');
    expect(found[0]!.daysLeft).toBeGreaterThan(60);
    expect(found[0]!.urgent).toBe(false);
    // Within so many days of its deadline, or not.
    const within = async (days: number) => (await server.call('gazette.list', { keyword: '澜', daysLeft: days }, admin)).list.map((h) => h.appNo);
    expect(await within(120)).toEqual(['66100001']);
    expect(await within(7)).toEqual([]);
    expect((await server.call('gazette.list', { keyword: '澜', tmCl: 9 }, admin)).count).toBe(0);
  });

  it('adds nothing on a second run, and finds a publication added later, by name or by logo', async () => {
    const before = await hits('澜');
    const again = await runAndWait();
    expect(again.added).toBe(0);
    expect(await hits('澜')).toHaveLength(before.length);

    const prelim = addDays(today, -80);
    await publish('66100004', '澜星生活', 3, '0306', prelim);
    // Three bits off our logo, a name nothing like ours.
    await publish('66100005', '蓝鲸之家', 3, '0306', prelim, OWN_HASH ^ 0b1011n);
    const later = await runAndWait();
    expect(later.added).toBe(2);
    const contained = (await hits('澜星生活'))[0]!;
    expect(contained.reasons).toContain('包含我方商标');
    expect(contained.urgent).toBe(contained.daysLeft <= 15);
    const logo = (await hits('蓝鲸之家'))[0]!;
    expect(logo).toMatchObject({ reasons: ['图形近似'], ownTmName: '澜星' });
    // Sorted by deadline, the soonest first.
    const list = (await server.call('gazette.list', { brandId: ownId }, admin)).list;
    expect(list.map((h) => h.deadline)).toEqual([...list.map((h) => h.deadline)].sort());
    expect((await server.call('gazette.list', { brandId: ownId, reason: '图形近似' }, admin)).list.map((h) => h.appNo)).toEqual(['66100005']);
  });

  it('dismisses and restores a hit, with the counts following', async () => {
    const hit = (await hits('蓝鲸之家'))[0]!;
    const before = (await server.call('gazette.list', { brandId: ownId }, admin)).counts;
    const dismissed = await server.call('gazette.dismiss', { id: hit.id }, admin);
    expect(dismissed).toMatchObject({ state: 'dismissed', stateText: '已忽略' });
    const after = (await server.call('gazette.list', { brandId: ownId }, admin)).counts;
    expect(after.dismissed).toBe(before.dismissed + 1);
    expect(after.new).toBe(before.new - 1);
    expect((await server.call('gazette.list', { brandId: ownId, state: 'dismissed' }, admin)).list.map((h) => h.id)).toEqual([hit.id]);
    expect(await refused('startProposal', { id: hit.id }, 409, admin)).toContain('已忽略');
    const restored = await server.call('gazette.restore', { id: hit.id }, admin);
    expect(restored.state).toBe('new');
    expect(await refused('restore', { id: hit.id }, 409, admin)).toContain('已忽略');
  });

  it('starts a draft objection proposal filled from the hit and remembers it', async () => {
    const hit = (await hits('澜醒'))[0]!;
    const started = await server.call('gazette.startProposal', { id: hit.id }, admin);
    expect(started.hit).toMatchObject({ state: 'proposal', demandId: started.demandId, demandNo: started.demandNo });
    expect(started.canEdit).toBe(true);
    const proposal = await server.call('demand.demandDetails', { id: started.demandId }, admin);
    expect(proposal.type.name).toBe('objectionProposal');
    expect(proposal.state).toBe('draft');
    expect(proposal.formData).toMatchObject({
      targetTmName: '澜醒',
      targetNo: '66100001',
      targetTmCl: 3,
      targetHolderName: '他方贸易有限公司',
      announcementIssue: '1987',
      announcementDate: hit.prelimDate,
      brandId: ownId,
    });
    expect(String(proposal.formData.factsAndReasons)).toContain('读音相同');
    expect(proposal.marks.map((m) => m.brandId)).toEqual([ownId]);
    const listed = (await hits('澜醒'))[0]!;
    expect(listed).toMatchObject({ state: 'proposal', demandId: started.demandId });
    expect(await refused('startProposal', { id: hit.id }, 409, admin)).toContain('已对这件公告商标发起异议提案');
    expect(await refused('dismiss', { id: hit.id }, 409, admin)).toContain('不能忽略');

    // The draft deleted: the hit waits again, and a new proposal can be started from it.
    await server.call('demand.delDemand', { id: started.demandId }, admin);
    expect((await hits('澜醒'))[0]).toMatchObject({ state: 'new', demandId: null });
    const again = await server.call('gazette.startProposal', { id: hit.id }, admin);
    expect(again.demandId).not.toBe(started.demandId);
  });

  it('keeps hits to their organisation and refuses unknown ones in Chinese', async () => {
    const hit = (await hits('澜星生活'))[0]!;
    expect(await hits('澜', corpAdmin)).toHaveLength(0);
    for (const id of ['dismiss', 'restore', 'startProposal'] as const) {
      expect(await refused(id, { id: hit.id }, 404, corpAdmin)).toContain('不存在或无权查看');
    }
    expect(await refused('dismiss', { id: 2_000_000_000 }, 404, admin)).toContain('公告监测命中（编号 2000000000）不存在');
    expect(await refused('dismiss', { id: 0 }, 422, admin)).toContain('命中');
    const rows = await sql<{ n: number }>`select count(*)::int as n from gazette_hits where register_id = ${hit.registerId}`.execute(db());
    expect(rows.rows[0]!.n).toBe(1);
  });
});
