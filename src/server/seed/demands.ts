import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { withOrganisation, type ScopedDb } from '../db/tenantScope.js';
import { parseRoleAuth, type Session } from '../auth/session.js';
import { SchemaLibrary } from '../schemas/schemaLibrary.js';
import type { CaseContext } from '../cases/caseLifecycle.js';
import { currentProposalType, type ProposalType } from '../demand/demandTypes.js';
import { insertDemand, setMarks } from '../demand/demandDrafts.js';
import { decideDemand, submitDemand, withdrawDemand } from '../demand/demandEngine.js';
import { addParticipants, addTrend, userNames, type DemandRow } from '../demand/demandStore.js';
import { addDays, chinaToday } from '../../shared/trademarkDates.js';

interface DemoMark {
  id: number;
  tm_name: string;
  reg_no: string | null;
  app_no: string;
  int_cls: number | null;
  private_end_date: string | null;
  applicant_cn: string;
}

/** One organisation's demo people, signed in as the engine sees them. */
class DemoOrg {
  private constructor(
    readonly db: ScopedDb,
    readonly schemas: SchemaLibrary,
    readonly orgId: number,
    private readonly sessions: Map<string, Session>,
  ) {}

  static async open(db: ScopedDb, schemas: SchemaLibrary, orgId: number): Promise<DemoOrg> {
    const users = await db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.username', 'r.name as role_name', 'r.role_auth'])
      .where('u.deleted_at', 'is', null)
      .execute();
    const sessions = new Map(
      users.map((u) => [
        u.username,
        {
          sessionId: 0,
          userId: u.id,
          orgId,
          username: u.username,
          mauth: true,
          permissions: parseRoleAuth(u.role_auth),
          roleName: u.role_name,
          mustChangePassword: false,
          platformOperator: false,
        } satisfies Session,
      ]),
    );
    return new DemoOrg(db, schemas, orgId, sessions);
  }

  as(username: string): CaseContext {
    return { db: this.db, schemas: this.schemas, session: this.sessions.get(username)!, request: { ip: '127.0.0.1' } };
  }

  id(username: string): number {
    return this.sessions.get(username)!.userId;
  }

  type(name: string): Promise<ProposalType> {
    return currentProposalType(this.db, this.schemas, name);
  }

  async draft(username: string, typeName: string, title: string, formData: Record<string, unknown>, marks: number[] = []): Promise<DemandRow> {
    const row = await insertDemand(this.db, this.orgId, {
      type: await this.type(typeName),
      title,
      formData,
      files: [],
      submitterId: this.id(username),
      source: 'internal',
    });
    await setMarks(this.db, row, marks);
    return row;
  }

  private reload(row: DemandRow): Promise<DemandRow> {
    return this.db.selectFrom('demands').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  }

  async submit(row: DemandRow): Promise<DemandRow> {
    const fresh = await this.reload(row);
    return submitDemand(this.as(this.usernameOf(fresh.submitter_id!)), fresh, await this.type(fresh.type_name));
  }

  /** The decision of whoever the waiting step waits on first (the flow decides who that is). */
  async decide(row: DemandRow, decision: 'approve' | 'reject', comment?: string): Promise<DemandRow> {
    const fresh = await this.reload(row);
    const approver = await this.db
      .selectFrom('demand_step_approvers as a')
      .innerJoin('demand_steps as s', 's.id', 'a.step_id')
      .select('a.user_id')
      .where('a.demand_id', '=', row.id)
      .where('s.state', '=', 'waiting')
      .where('a.decision', '=', 'pending')
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    return decideDemand(this.as(this.usernameOf(approver.user_id)), fresh, await this.type(fresh.type_name), { decision, comment });
  }

  has(...usernames: string[]): boolean {
    return usernames.every((u) => this.sessions.has(u));
  }

  async withdraw(row: DemandRow, reason: string): Promise<DemandRow> {
    const fresh = await this.reload(row);
    return withdrawDemand(this.as(this.usernameOf(fresh.submitter_id!)), fresh, reason);
  }

  private usernameOf(userId: number): string {
    return [...this.sessions.values()].find((s) => s.userId === userId)!.username;
  }

  async comment(username: string, row: DemandRow, content: string, mention: string[] = []): Promise<void> {
    const ids = mention.map((m) => this.id(m));
    await this.db
      .insertInto('demand_comments')
      .values({ org_id: this.orgId, demand_id: row.id, user_id: this.id(username), content, mentioned_user_ids: ids })
      .execute();
    await addParticipants(this.db, row, ids, 'mention', this.id(username));
    const names = await userNames(this.db, ids);
    await addTrend(this.db, row, this.id(username), 'comment', `发表评论${ids.length ? `，提及 ${ids.map((id) => `@${names.get(id)}`).join(' ')}` : ''}`);
  }

  async scheme(username: string, row: DemandRow, kind: 'analysis' | 'filing', title: string, content: string, fee: number): Promise<number> {
    const scheme = await this.db
      .insertInto('demand_schemes')
      .values({ org_id: this.orgId, demand_id: row.id, kind, title, content, fee, files: '[]', submitted_by: this.id(username) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addTrend(this.db, row, this.id(username), 'scheme', `提交${kind === 'analysis' ? '分析' : '申请'}方案“${title}”`);
    return scheme.id;
  }

  /**
   * Moves everything that happened on a proposal back in time: it was created `days` ago and
   * submitted an hour later; its decisions came `decidedAfterDays` after that (as approvers take
   * their time), the rest within hours. A step still waiting was reached `waitingHours` ago, less
   * than its reminder allows, so the demo starts without a burst of reminders.
   */
  async age(row: DemandRow, days: number, { waitingHours = 5, decidedAfterDays = 0 } = {}): Promise<void> {
    const shift = sql`${`${days} days`}::interval`;
    const took = sql`${`${decidedAfterDays} days`}::interval`;
    await sql`update demands set created_at = created_at - ${shift}, updated_at = updated_at - ${shift} + interval '3 hours' + ${took},
      submitted_at = submitted_at - ${shift} + interval '1 hour', decided_at = decided_at - ${shift} + interval '3 hours' + ${took} where id = ${row.id}`.execute(
      this.db,
    );
    await sql`update demand_trends set created_at = created_at - ${shift} + (id % 5) * interval '40 minutes'
      + case when action in ('approve', 'reject', 'approved') then ${took} else interval '0' end where demand_id = ${row.id}`.execute(this.db);
    await sql`update demand_rounds set submitted_at = submitted_at - ${shift} + interval '1 hour', ended_at = ended_at - ${shift} + interval '3 hours' + ${took}
      where demand_id = ${row.id}`.execute(this.db);
    // The nodes a round passed carry their time in its path: the start with the submission, the rest with the decisions before them.
    await sql`update demand_rounds set path = coalesce((
        select jsonb_agg(case when e.p ? 'at' then jsonb_set(e.p, '{at}', to_jsonb(to_char(
          ((e.p->>'at')::timestamptz - ${shift} + case when e.ord = 1 then interval '1 hour' else interval '2 hours' + ${took} end) at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) else e.p end order by e.ord)
        from jsonb_array_elements(path) with ordinality as e(p, ord)), '[]'::jsonb)
      where demand_id = ${row.id}`.execute(this.db);
    await sql`update demand_steps set entered_at = case when state = 'waiting' then now() - ${`${waitingHours} hours`}::interval else entered_at - ${shift} + interval '1 hour' end,
      decided_at = decided_at - ${shift} + interval '2 hours' + ${took} where demand_id = ${row.id}`.execute(this.db);
    await sql`update demand_step_approvers set created_at = created_at - ${shift} + interval '1 hour', decided_at = decided_at - ${shift} + interval '2 hours' + ${took}
      where demand_id = ${row.id}`.execute(this.db);
    await sql`update demand_comments set created_at = created_at - ${shift} + interval '2 hours' + ${took} where demand_id = ${row.id}`.execute(this.db);
    await sql`update demand_schemes set created_at = created_at - ${shift} + interval '90 minutes' where demand_id = ${row.id}`.execute(this.db);
  }
}

async function registeredMark(db: ScopedDb): Promise<DemoMark | undefined> {
  return db
    .selectFrom('brand_archives')
    .select(['id', 'tm_name', 'reg_no', 'app_no', 'int_cls', 'private_end_date', 'applicant_cn'])
    .where('country_code', '=', 'CN')
    .where('reg_no', 'is not', null)
    .where('int_cls', 'is not', null)
    .where('private_end_date', '>=', chinaToday())
    .orderBy('private_end_date')
    .orderBy('id')
    .executeTakeFirst();
}

async function refusal(db: ScopedDb) {
  return db
    .selectFrom('official_documents as d')
    .leftJoin('brand_archives as b', 'b.id', 'd.brand_archive_id')
    .select(['d.id', 'd.app_no', 'd.receive_date', 'd.official_limit', 'd.brand_archive_id', 'b.tm_name', 'b.int_cls'])
    .where('d.document_type', '=', '驳回通知书')
    .where('d.status', '=', 0)
    .orderBy('d.id')
    .executeTakeFirst();
}

const day = (value: unknown) => (value ? String(value instanceof Date ? value.toISOString() : value).slice(0, 10) : undefined);

/** A link each organisation handed out, with one proposal that came through it. */
async function linkWithSubmission(
  org: DemoOrg,
  creator: string,
  title: string,
  contact: { name: string; phone: string },
  proposal: { title: string; form: Record<string, unknown> },
) {
  const link = await org.db
    .insertInto('demand_links')
    .values({
      org_id: org.orgId,
      title,
      type_names: ['registrationProposal', 'objectionProposal'],
      expires_at: new Date(Math.floor(Date.now() / 1000) * 1000 + 90 * 86_400_000),
      created_by: org.id(creator),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await insertDemand(org.db, org.orgId, {
    type: await org.type('registrationProposal'),
    title: proposal.title,
    formData: proposal.form,
    files: [],
    submitterId: null,
    source: 'link',
    linkId: link.id,
    contact: { name: contact.name, phone: contact.phone, email: null },
    clientIp: '127.0.0.1',
  });
  await org.age(row, 1);
}

/** The agency's proposals: one waiting for the administrator, one approved with its case, one rejected, a draft, a withdrawn one. */
async function agencyDemands(org: DemoOrg): Promise<void> {
  const goods = [{ tmCl: 29, goods: [{ name: '肉松' }, { name: '豆腐制品' }, { name: '食用油' }] }];
  const waiting = await org.draft('agent', 'registrationProposal', '“青禾优选”第 29 类注册', {
    tmName: '青禾优选',
    markForm: 'word',
    parentCgInfo: goods,
    applicantName: '杭州青禾食品有限公司',
    budget: 8600,
    useDate: addDays(chinaToday(), 120),
    reason: '客户青禾食品计划推出熟食副线，委托先行在第 29 类申请“青禾优选”，与已注册的第 30 类形成保护。',
  });
  await org.submit(waiting);
  await org.scheme(
    'agent',
    waiting,
    'analysis',
    '近似检索与注册可行性分析',
    '检索第 29 类 2901、2902、2906 群：未发现相同商标，有两件“青禾”字样的在先商标，但指定商品不同，整体注册成功率较高。建议同时指定 2906 群的豆腐制品。',
    2600,
  );
  await org.comment('admin', waiting, '预算已核，请补充客户的授权委托书后再安排递交。', ['agent']);
  await org.age(waiting, 1);

  const approved = await org.draft('sunxin', 'overseasProposal', '“云帆”马德里国际注册（美国、日本、欧盟）', {
    tmName: '云帆',
    parentCgInfo: [{ tmCl: 9, goods: [{ name: '智能手机' }, { name: '平板电脑' }] }],
    route: 'madrid',
    countries: ['US', 'JP', 'EM'],
    applicantName: '深圳云帆电子科技有限公司',
    budget: 36000,
    marketPlan: '客户明年第二季度在北美、日本与欧洲上市新款平板，经销商要求先取得商标申请号。',
  });
  await org.submit(approved);
  await org.decide(approved, 'approve', '同意，三国预算在客户授权范围内。');
  await org.decide(approved, 'approve');
  await org.age(approved, 12, { decidedAfterDays: 3 });

  const mark = await registeredMark(org.db);
  if (mark) {
    const rejected = await org.draft(
      'agent',
      'renewalProposal',
      `“${mark.tm_name}”续展`,
      {
        brandId: mark.id,
        tmName: mark.tm_name,
        regNo: mark.reg_no,
        intCls: mark.int_cls,
        privateEndDate: day(mark.private_end_date),
        renewalScope: 'all',
        budget: 1500,
        reason: '客户仍在使用，建议全部续展。',
      },
      [mark.id],
    );
    await org.submit(rejected);
    await org.decide(rejected, 'reject', '客户尚未确认续展范围，先与客户核对部分商品是否已停用。');
    await org.age(rejected, 6, { decidedAfterDays: 2 });
  }

  await org.draft('agent', 'objectionProposal', '对“青禾悦”初审公告提出异议', {
    targetTmName: '青禾悦',
    targetNo: '78345612',
    targetTmCl: 30,
    targetHolderName: '义乌市悦禾贸易有限公司',
    announcementIssue: '1921',
    announcementDate: addDays(chinaToday(), -20),
    factsAndReasons: '被异议商标与客户在先注册的“青禾”构成近似，指定商品相同，易使消费者混淆。',
    budget: 4500,
  });

  const letter = await refusal(org.db);
  const withdrawn = await org.draft(
    'agent',
    'letterResponseProposal',
    `驳回通知书应对（申请号 ${letter?.app_no ?? '79000000'}）`,
    {
      letterType: '驳回通知书',
      appNo: letter?.app_no || '79000000',
      receiveDate: day(letter?.receive_date) ?? addDays(chinaToday(), -5),
      officialDeadline: day(letter?.official_limit),
      tmName: letter?.tm_name ?? '青禾',
      response: 'contest',
      factsAndReasons: '引证商标已连续三年未使用，拟先提撤三再申请复审。',
    },
    letter?.brand_archive_id ? [letter.brand_archive_id] : [],
  );
  if (letter)
    await org.db
      .insertInto('demand_letters')
      .values({ org_id: org.orgId, demand_id: withdrawn.id, document_id: letter.id, added_by: org.id('agent') })
      .execute();
  await org.submit(withdrawn);
  await org.withdraw(withdrawn, '客户改为放弃这一类，不再复审。');
  await org.age(withdrawn, 3);

  await linkWithSubmission(
    org,
    'admin',
    '青禾食品商标需求',
    { name: '周敏（青禾食品品牌部）', phone: '0571-88001234' },
    {
      title: '新品牌“禾小鲜”注册需求',
      form: {
        tmName: '禾小鲜',
        markForm: 'word',
        parentCgInfo: [{ tmCl: 31, goods: [{ name: '新鲜水果' }, { name: '新鲜蔬菜' }] }],
        applicantName: '杭州青禾食品有限公司',
        budget: 3000,
        reason: '生鲜线明年上线，请代理所评估并申请。',
      },
    },
  );
}

/** The company's proposals: one waiting for its administrator, one approved with its renewal case, one rejected, a draft, a withdrawn one. */
async function companyDemands(org: DemoOrg): Promise<void> {
  const waiting = await org.draft('staff', 'registrationProposal', '新品洗护系列“星辰花语”注册', {
    tmName: '星辰花语',
    markForm: 'word',
    parentCgInfo: [
      { tmCl: 3, goods: [{ name: '香皂' }, { name: '洗发液' }, { name: '沐浴露' }] },
      { tmCl: 21, goods: [{ name: '梳子' }] },
    ],
    applicantName: '星辰日化股份有限公司',
    budget: 25000,
    useDate: addDays(chinaToday(), 180),
    reason: '洗护新品系列明年春季上市，需在第 3 类与第 21 类先行注册“星辰花语”。',
  });
  await org.submit(waiting);
  await org.scheme(
    'staff',
    waiting,
    'filing',
    '两类一并申请，第 21 类只报梳子与化妆刷',
    '第 3 类指定 0301、0306、0307 群共 9 项，第 21 类指定 2106 群 2 项，均在每类 10 项以内，官费合计 540 元；预计 9 个月内完成审查。',
    3400,
  );
  await org.age(waiting, 1);

  const mark = await registeredMark(org.db);
  if (mark) {
    const renewal = await org.draft(
      'staff',
      'renewalProposal',
      `“${mark.tm_name}”第 ${mark.int_cls} 类续展`,
      {
        brandId: mark.id,
        tmName: mark.tm_name,
        regNo: mark.reg_no,
        intCls: mark.int_cls,
        privateEndDate: day(mark.private_end_date),
        renewalScope: 'all',
        budget: 1200,
        reason: '该商标仍用于主力产品包装，需按期续展。',
      },
      [mark.id],
    );
    await org.submit(renewal);
    await org.decide(renewal, 'approve', '同意，请商标组尽快递交。');
    await org.age(renewal, 9, { decidedAfterDays: 4 });
  }

  // 刘洋 heads 市场部, with nobody above: the flow's superior is not found and the step falls to the administrator.
  const overseas = await org.draft('liuyang', 'overseasProposal', '“星辰”东南亚逐一国家注册', {
    tmName: '星辰',
    parentCgInfo: [{ tmCl: 3, goods: [{ name: '洗衣液' }, { name: '香皂' }] }],
    route: 'national',
    countries: ['TH', 'VN', 'MY'],
    applicantName: '星辰日化股份有限公司',
    budget: 42000,
    marketPlan: '泰国、越南与马来西亚经销商已签约，计划下半年铺货。',
  });
  await org.submit(overseas);
  await org.decide(overseas, 'reject', '先确认越南的在先商标检索结果，预算请按国家分列。');
  await org.age(overseas, 4, { decidedAfterDays: 1.5 });

  await org.draft('staff', 'objectionProposal', '对“星晨”初审公告提出异议', {
    targetTmName: '星晨',
    targetNo: '80123456',
    targetTmCl: 3,
    targetHolderName: '广州星晨化妆品有限公司',
    announcementIssue: '1925',
    announcementDate: addDays(chinaToday(), -10),
    factsAndReasons: '与本公司“星辰”商标读音相同、字形近似，指定商品相同。',
  });

  const withdrawn = await org.draft('staff', 'registrationProposal', '“星辰小厨”第 21 类注册', {
    tmName: '星辰小厨',
    markForm: 'word',
    parentCgInfo: [{ tmCl: 21, goods: [{ name: '厨房用具' }] }],
    applicantName: '星辰日化股份有限公司',
    budget: 2000,
    reason: '厨具副线试水。',
  });
  await org.submit(withdrawn);
  await org.withdraw(withdrawn, '副线暂缓，年后再议。');
  await org.age(withdrawn, 2);

  await linkWithSubmission(
    org,
    'corpadmin',
    '事业部商标需求收集',
    { name: '黄磊（华东事业部）', phone: '021-62001122' },
    {
      title: '华东事业部“晨露”系列注册需求',
      form: {
        tmName: '晨露',
        markForm: 'word',
        parentCgInfo: [{ tmCl: 3, goods: [{ name: '护肤霜' }] }],
        applicantName: '星辰日化股份有限公司',
        budget: 6000,
        reason: '事业部自有护肤线，请法务评估后申请。',
      },
    },
  );
}

/**
 * Proposals in every state for both demo organisations, walked through the approval engine as the
 * demo users would (so steps, decisions, paths and the cases an approval creates are what the
 * engine makes), then moved back in time. Only the messages still to act on are kept; the log of
 * operations is the people's own. Does nothing once any proposal exists.
 */
export async function seedDemoDemands(db: Kysely<Database>, schemasDir: string): Promise<void> {
  if (await db.selectFrom('demands').select('id').limit(1).executeTakeFirst()) return;
  const schemas = SchemaLibrary.load(schemasDir);
  const organisations = await db.selectFrom('organisations').select(['id', 'kind']).orderBy('id').execute();
  const lastMessage = (
    await db
      .selectFrom('messages')
      .select(sql<number>`coalesce(max(id), 0)`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  const lastLog = (
    await db
      .selectFrom('operation_log')
      .select(sql<number>`coalesce(max(id), 0)`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  for (const organisation of organisations) {
    await withOrganisation(db, organisation.id, async (scoped) => {
      const org = await DemoOrg.open(scoped, schemas, organisation.id);
      // A demo database whose people have since changed gets none.
      if (organisation.kind === 'agency' && org.has('admin', 'agent', 'sunxin')) await agencyDemands(org);
      if (organisation.kind === 'company' && org.has('corpadmin', 'staff', 'liuyang')) await companyDemands(org);
    });
  }
  await sql`
    delete from messages m where m.id > ${lastMessage} and not exists (
      select 1 from demand_step_approvers a join demand_steps s on s.id = a.step_id
      where a.user_id = m.user_id and a.decision = 'pending' and s.state = 'waiting' and m.link = '/mobile/demand?id=' || a.demand_id
    )`.execute(db);
  await sql`delete from operation_log where id > ${lastLog}`.execute(db);
}
