import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { SchemaLibrary } from '../schemas/schemaLibrary.js';

/** The archive mark a demo case is made from. */
interface DemoMark {
  id: number;
  tm_name: string;
  int_cls: number | null;
  applicant_cn: string;
  reg_no: string | null;
}

interface DemoCountry {
  code: string;
  name: string;
  /** 逐一国家注册 or 马德里国际注册 (an overseas case). */
  basis?: string;
}

interface DemoCase {
  caseType: string;
  status: string;
  stage: string;
  stageTitle: string;
  /** Days before today the case was created. */
  age: number;
  /** Days its current stage has to run from when it was entered. */
  deadlineDays: number | null;
  /** Days before today its current stage was entered; the day after it was created when not given. */
  stageDays?: number;
  filed: boolean;
  appNo: string;
  result: 'success' | 'failure' | null;
  /** Where it is filed; China by default. */
  countries?: DemoCountry[];
  /** The type's own form fields beside the applicant and the mark. */
  form?: (mark: DemoMark) => Record<string, unknown>;
  /** What the result says (登记结果). */
  resultNote?: string;
}

const AGENT = { agentName: '北京知联商标代理有限公司', agentPerson: '李代理' };
const REG_NO = (mark: DemoMark) => mark.reg_no ?? '';

/**
 * Cases of the other kinds the agency handles: a transfer and the changes of name and address,
 * both sides of an opposition, a refusal review, an invalidation, a non-use cancellation, and
 * overseas registrations through Madrid and nationally, at different points of their lifecycle.
 */
const AGENCY_PROCEDURES: DemoCase[] = [
  {
    caseType: 'transfer',
    status: 'accepted',
    stage: 'accepted',
    stageTitle: '受理',
    age: 45,
    deadlineDays: null,
    filed: true,
    appNo: '',
    result: null,
    form: (mark) => ({
      regNo: REG_NO(mark),
      intCls: mark.int_cls,
      transfereeName: '浙江青禾农业发展有限公司',
      transfereeCreditCode: '91330100MA27XK3L0R',
      transfereeAddress: '浙江省杭州市余杭区良渚街道好运路 18 号',
      ...AGENT,
    }),
  },
  {
    caseType: 'changeName',
    status: 'reviewing',
    stage: 'correction',
    stageTitle: '补正',
    age: 75,
    deadlineDays: 60,
    stageDays: 20,
    filed: true,
    appNo: '',
    result: null,
    form: (mark) => ({ regNo: REG_NO(mark), intCls: mark.int_cls, newApplicantName: `${mark.applicant_cn.replace(/有限公司$/, '')}集团有限公司`, ...AGENT }),
  },
  {
    caseType: 'licenseRecord',
    status: 'accepted',
    stage: 'accepted',
    stageTitle: '受理',
    age: 380,
    deadlineDays: null,
    filed: true,
    appNo: '',
    result: null,
    form: (mark) => ({
      regNo: REG_NO(mark),
      intCls: mark.int_cls,
      licenseeName: '宁波禾丰食品贸易有限公司',
      licenseeCreditCode: '91330203MA2H4K7N5B',
      licenseeAddress: '浙江省宁波市海曙区中山西路 88 号',
      licenseType: 'exclusive',
      ...AGENT,
    }),
  },
  {
    caseType: 'changeAddress',
    status: 'filed',
    stage: 'filed',
    stageTitle: '已递交',
    age: 9,
    deadlineDays: null,
    filed: true,
    appNo: '',
    result: null,
    form: (mark) => ({ regNo: REG_NO(mark), intCls: mark.int_cls, newApplicantAddress: '浙江省杭州市滨江区江南大道 3850 号', ...AGENT }),
  },
  {
    caseType: 'objectionApply',
    status: 'finished',
    stage: 'decided',
    stageTitle: '异议决定',
    age: 420,
    deadlineDays: null,
    filed: true,
    appNo: '',
    result: 'success',
    resultNote: '被异议商标不予注册',
    form: (mark) => ({
      targetTmName: `${mark.tm_name}源`,
      targetNo: '65830127',
      targetTmCl: mark.int_cls,
      targetHolderName: '温州青和贸易有限公司',
      targetHolderAddress: '浙江省温州市鹿城区车站大道 66 号',
      announcementIssue: '1845',
      citedTmName: mark.tm_name,
      citedNo: REG_NO(mark),
      grounds: ['similarMark'],
      factsAndReasons: `被异议商标“${mark.tm_name}源”完整包含异议人在先注册的“${mark.tm_name}”，指定使用的商品相同，易使相关公众混淆（商标法第三十条）。`,
      ...AGENT,
    }),
  },
  {
    caseType: 'objectionDefence',
    status: 'filed',
    stage: 'filed',
    stageTitle: '已答辩（补充证据期三个月）',
    age: 16,
    deadlineDays: null,
    filed: true,
    appNo: '',
    result: null,
    form: (mark) => ({
      regNo: REG_NO(mark),
      intCls: mark.int_cls,
      opposingPartyName: '上海禾丰食品股份有限公司',
      opposingPartyAddress: '上海市闵行区虹梅南路 1500 号',
      factsAndReasons: `答辩商标“${mark.tm_name}”由答辩人独创并持续使用，与异议人的商标在文字构成、呼叫与含义上均有明显区别。`,
      ...AGENT,
    }),
  },
  {
    caseType: 'rejectRecheck',
    status: 'accepted',
    stage: 'accepted',
    stageTitle: '受理',
    age: 50,
    deadlineDays: null,
    filed: true,
    appNo: '79341120',
    result: null,
    form: (mark) => ({
      appNo: '79341120',
      intCls: mark.int_cls,
      reviewScope: 'all',
      citedMarks: '第 40122735 号“青合”',
      factsAndReasons: `申请商标“${mark.tm_name}”与引证商标“青合”在字形与含义上不同，且申请人已有在先注册的同名商标，请求予以初步审定。`,
      ...AGENT,
    }),
  },
  {
    caseType: 'invalidApply',
    status: 'reviewing',
    stage: 'answered',
    stageTitle: '对方答辩',
    age: 210,
    deadlineDays: null,
    filed: true,
    appNo: '',
    result: null,
    form: (mark) => ({
      targetTmName: `禾${mark.tm_name}`,
      targetNo: '52017764',
      targetTmCl: mark.int_cls,
      targetHolderName: '义乌市禾青日用品商行',
      targetHolderAddress: '浙江省义乌市稠城街道工人北路 1 号',
      citedTmName: mark.tm_name,
      citedNo: REG_NO(mark),
      grounds: ['similarMark', 'badFaith'],
      factsAndReasons: '争议商标注册人在多个类别抢注他人知名商标，有违诚实信用原则（商标法第四条、第四十四条）。',
      ...AGENT,
    }),
  },
  {
    caseType: 'removeApply',
    status: 'reviewing',
    stage: 'evidenceNotice',
    stageTitle: '注册人提供使用证据',
    age: 95,
    deadlineDays: 60,
    stageDays: 15,
    filed: true,
    appNo: '',
    result: null,
    form: (mark) => ({
      targetTmName: `${mark.tm_name}坊`,
      targetNo: '21564093',
      targetTmCl: mark.int_cls,
      targetHolderName: '绍兴青禾坊餐饮管理有限公司',
      targetHolderAddress: '浙江省绍兴市越城区解放北路 210 号',
      cancelScope: 'all',
      nonUseSince: '2022-01-01',
      factsAndReasons: '经市场调查，该注册商标在指定商品上连续三年未使用（商标法第四十九条第二款）。',
      ...AGENT,
    }),
  },
  {
    caseType: 'overseasRegistration',
    status: 'reviewing',
    stage: 'provisionalRefusal',
    stageTitle: '驳回或审查意见',
    age: 300,
    deadlineDays: 90,
    stageDays: 40,
    filed: true,
    appNo: '1756320',
    result: null,
    countries: [
      { code: 'JP', name: '日本', basis: '马德里国际注册' },
      { code: 'KR', name: '韩国', basis: '马德里国际注册' },
      { code: 'EM', name: '欧盟', basis: '马德里国际注册' },
    ],
    form: (mark) => ({ madridCountries: ['JP', 'KR', 'EM'], basicRegNo: REG_NO(mark), markTransliteration: 'QINGHE' }),
  },
  {
    caseType: 'overseasRegistration',
    status: 'pending',
    stage: 'prepare',
    stageTitle: '准备材料',
    age: 4,
    deadlineDays: null,
    filed: false,
    appNo: '',
    result: null,
    countries: [
      { code: 'US', name: '美国', basis: '逐一国家注册' },
      { code: 'HK', name: '中国香港', basis: '逐一国家注册' },
    ],
    form: (mark) => ({ nationalCountries: ['US', 'HK'], basicRegNo: REG_NO(mark), goodsItemTranslate: 'Tea; coffee; pastries' }),
  },
];

/** Cases of each demo organisation, of several types and at several points of their lifecycle. */
const DEMO_CASES: Record<'agency' | 'company', DemoCase[]> = {
  agency: [
    {
      caseType: 'domesticRegistration',
      status: 'draft',
      stage: 'prepare',
      stageTitle: '准备材料',
      age: 2,
      deadlineDays: null,
      filed: false,
      appNo: '',
      result: null,
    },
    {
      caseType: 'domesticRegistration',
      status: 'pending',
      stage: 'prepare',
      stageTitle: '准备材料',
      age: 5,
      deadlineDays: null,
      filed: false,
      appNo: '',
      result: null,
    },
    {
      caseType: 'domesticRegistration',
      status: 'filed',
      stage: 'filed',
      stageTitle: '已递交',
      age: 20,
      deadlineDays: null,
      filed: true,
      appNo: '78120456',
      result: null,
    },
    {
      caseType: 'domesticRegistration',
      status: 'reviewing',
      stage: 'correction',
      stageTitle: '补正',
      age: 60,
      deadlineDays: 30,
      filed: true,
      appNo: '77901234',
      result: null,
    },
    {
      caseType: 'domesticRegistration',
      status: 'finished',
      stage: 'registered',
      stageTitle: '注册',
      age: 400,
      deadlineDays: null,
      filed: true,
      appNo: '70233811',
      result: 'success',
    },
    { caseType: 'renewal', status: 'draft', stage: 'prepare', stageTitle: '准备材料', age: 1, deadlineDays: null, filed: false, appNo: '', result: null },
    { caseType: 'renewal', status: 'accepted', stage: 'accepted', stageTitle: '受理', age: 40, deadlineDays: null, filed: true, appNo: '', result: null },
    ...AGENCY_PROCEDURES,
  ],
  company: [
    {
      caseType: 'domesticRegistration',
      status: 'draft',
      stage: 'prepare',
      stageTitle: '准备材料',
      age: 3,
      deadlineDays: null,
      filed: false,
      appNo: '',
      result: null,
    },
    { caseType: 'renewal', status: 'pending', stage: 'prepare', stageTitle: '准备材料', age: 6, deadlineDays: null, filed: false, appNo: '', result: null },
    {
      caseType: 'changeAddress',
      status: 'draft',
      stage: 'prepare',
      stageTitle: '准备材料',
      age: 8,
      deadlineDays: null,
      filed: false,
      appNo: '',
      result: null,
      form: (mark) => ({ regNo: REG_NO(mark), intCls: mark.int_cls, newApplicantAddress: '江苏省苏州市工业园区星湖街 328 号' }),
    },
    {
      caseType: 'objectionDefence',
      status: 'finished',
      stage: 'decided',
      stageTitle: '异议决定',
      age: 200,
      deadlineDays: null,
      filed: true,
      appNo: '',
      result: 'success',
      resultNote: '准予注册',
      form: (mark) => ({ regNo: REG_NO(mark), intCls: mark.int_cls, opposingPartyName: '广州星宸化妆品有限公司' }),
    },
  ],
};

const DAY = 86_400_000;
const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Demo cases in each organisation, made from its archive marks, once: their numbers follow the day
 * each was created (the agency's and the company's on different days, so no number is shared).
 */
export async function seedDemoCases(db: Kysely<Database>, schemasDir?: string): Promise<boolean> {
  const any = await db.selectFrom('cases').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const schemas = SchemaLibrary.load(schemasDir);
  // A stage is recorded under the title its type gives it.
  const titleOf = (caseType: string, stage: string, fallback: string) => {
    const stages = schemas.builtInFile('caseTypes', caseType)?.body.stages as { key: string; title: string }[] | undefined;
    return stages?.find((s) => s.key === stage)?.title ?? fallback;
  };
  const orgs = await db.selectFrom('organisations').select(['id', 'kind']).orderBy('id').execute();
  for (const org of orgs) {
    const plans = DEMO_CASES[org.kind === 'agency' ? 'agency' : 'company'];
    const users = await db.selectFrom('users').select('id').where('org_id', '=', org.id).orderBy('id').execute();
    const marks = await db
      .selectFrom('brand_archives')
      .select(['id', 'tm_name', 'int_cls', 'goods', 'applicant_cn', 'reg_no'])
      .where('org_id', '=', org.id)
      .where('int_cls', 'is not', null)
      .where('country_code', '=', 'CN')
      .orderBy('id')
      .limit(plans.length)
      .execute();
    if (users.length === 0 || marks.length === 0) continue;
    const counters = new Map<string, number>();
    for (const [index, plan] of plans.entries()) {
      const mark = marks[index % marks.length]!;
      const created = new Date(Date.now() - (plan.age + (org.kind === 'agency' ? 0 : 1000)) * DAY);
      // A case past preparation was prepared first, then submitted (and filed) by its people.
      const moved = plan.stage !== 'prepare';
      const enteredAt = plan.stageDays !== undefined ? new Date(Date.now() - plan.stageDays * DAY) : moved ? new Date(created.getTime() + DAY) : created;
      const stageDeadline = plan.deadlineDays === null ? null : chinaDay(new Date(enteredAt.getTime() + plan.deadlineDays * DAY));
      const day = chinaDay(created);
      const serial = (counters.get(day) ?? 0) + 1;
      counters.set(day, serial);
      const handler = users[index % users.length]!.id;
      const classes = [mark.int_cls!];
      const goods = mark.goods
        .filter((g) => g.mark !== 2)
        .map((g) => ({ tmCl: mark.int_cls!, name: g.name, ...(/^\d{4}$/.test(g.code) ? { code: g.code } : {}) }));
      const form =
        plan.caseType === 'renewal'
          ? { applicantName: mark.applicant_cn, brandId: mark.id, tmName: mark.tm_name, regNo: mark.reg_no ?? '', intCls: mark.int_cls, renewalScope: 'all' }
          : plan.form
            ? { applicantName: mark.applicant_cn, brandId: mark.id, tmName: mark.tm_name, ...plan.form(mark) }
            : { applicantName: mark.applicant_cn, tmName: mark.tm_name, tmType: 'general', markForm: 'word', priorityRadio: 'no' };
      const countries = plan.countries ?? [{ code: 'CN', name: '中国' }];
      const row = await db
        .insertInto('cases')
        .values({
          org_id: org.id,
          case_no: `AJ${day.replace(/-/g, '')}${String(serial).padStart(5, '0')}`,
          case_type: plan.caseType,
          status: plan.status,
          stage: plan.stage,
          brand_id: mark.id,
          applicant_name: mark.applicant_cn,
          tm_name: mark.tm_name,
          countries: countries.map((c) => c.code).join(','),
          classes,
          handler_user_id: handler,
          created_by: users[0]!.id,
          app_no: plan.appNo,
          result: plan.result,
          result_note: plan.resultNote ?? '',
          biz_param: JSON.stringify({
            priorityRadio: 'no',
            dplPriorityTm: '[]',
            tmType: 'general',
            coOwnerInfo: '[]',
            brandId: mark.id,
            relatedBrandIds: [],
            intCls: classes,
            tmName: mark.tm_name,
            form,
          }),
          stage_deadline: stageDeadline,
          submitted_at: plan.status === 'draft' ? null : created,
          filed_at: plan.filed ? new Date(created.getTime() + DAY) : null,
          created_at: created,
          updated_at: created,
        })
        .returning(['id'])
        .executeTakeFirstOrThrow();
      await db
        .insertInto('case_items')
        .values(
          countries.map((c, position) => ({
            org_id: org.id,
            case_id: row.id,
            country_code: c.code,
            country_name: c.name,
            classes,
            goods: JSON.stringify(goods),
            app_no: plan.appNo,
            apply_basic: c.basis ?? '',
            position,
          })),
        )
        .execute();
      await db.insertInto('case_marks').values({ org_id: org.id, case_id: row.id, brand_id: mark.id, main: true }).execute();
      const submittedAt = new Date(created.getTime() + DAY / 4);
      if (moved) {
        await db
          .insertInto('case_stage_records')
          .values({
            org_id: org.id,
            case_id: row.id,
            stage: 'prepare',
            stage_title: titleOf(plan.caseType, 'prepare', '准备材料'),
            entered_at: created,
            left_at: submittedAt,
          })
          .execute();
      }
      const steps = [
        ...(plan.status !== 'draft' ? [{ action: 'submit', content: '提交案件', at: submittedAt }] : []),
        ...(plan.filed ? [{ action: 'confirmSubmission', content: '已向国家知识产权局电子递交', at: new Date(created.getTime() + DAY) }] : []),
        ...(plan.result && plan.resultNote
          ? [
              {
                action: 'setResult',
                content: `登记结果：${plan.result === 'success' ? '成功' : '失败'}，${plan.resultNote}`,
                at: new Date(Math.max(created.getTime() + 2 * DAY, Date.now() - 20 * DAY)),
              },
            ]
          : []),
      ];
      for (const step of steps) {
        await db
          .insertInto('case_trends')
          .values({ org_id: org.id, case_id: row.id, user_id: handler, action: step.action, content: step.content, created_at: step.at })
          .execute();
      }
      await db
        .insertInto('case_stage_records')
        .values({
          org_id: org.id,
          case_id: row.id,
          stage: plan.stage,
          stage_title: titleOf(plan.caseType, plan.stage, plan.stageTitle),
          entered_at: enteredAt,
          deadline: stageDeadline,
        })
        .execute();
      await db
        .insertInto('case_trends')
        .values({ org_id: org.id, case_id: row.id, user_id: users[0]!.id, action: 'create', content: '新建案件', created_at: created })
        .execute();
    }
    for (const [day, last] of counters) await db.insertInto('case_counters').values({ org_id: org.id, day, last }).execute();
  }
  return true;
}
