import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

interface DemoCase {
  caseType: 'domesticRegistration' | 'renewal';
  status: string;
  stage: string;
  stageTitle: string;
  /** Days before today the case was created. */
  age: number;
  /** Days its current stage has to run from when it was entered. */
  deadlineDays: number | null;
  filed: boolean;
  appNo: string;
  result: 'success' | 'failure' | null;
}

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
  ],
};

const DAY = 86_400_000;
const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Demo cases in each organisation, made from its archive marks, once: their numbers follow the day
 * each was created (the agency's and the company's on different days, so no number is shared).
 */
export async function seedDemoCases(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('cases').select('id').limit(1).executeTakeFirst();
  if (any) return false;
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
          : { applicantName: mark.applicant_cn, tmName: mark.tm_name, tmType: 'general', markForm: 'word', priorityRadio: 'no' };
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
          countries: 'CN',
          classes,
          handler_user_id: handler,
          created_by: users[0]!.id,
          app_no: plan.appNo,
          result: plan.result,
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
          stage_deadline: plan.deadlineDays === null ? null : chinaDay(new Date(created.getTime() + plan.deadlineDays * DAY)),
          submitted_at: plan.status === 'draft' ? null : created,
          filed_at: plan.filed ? new Date(created.getTime() + DAY) : null,
          created_at: created,
          updated_at: created,
        })
        .returning(['id'])
        .executeTakeFirstOrThrow();
      await db
        .insertInto('case_items')
        .values({ org_id: org.id, case_id: row.id, country_code: 'CN', country_name: '中国', classes, goods: JSON.stringify(goods), app_no: plan.appNo })
        .execute();
      await db.insertInto('case_marks').values({ org_id: org.id, case_id: row.id, brand_id: mark.id, main: true }).execute();
      // A case past preparation was prepared first, then submitted (and filed) by its people.
      const moved = plan.stage !== 'prepare';
      const submittedAt = new Date(created.getTime() + DAY / 4);
      if (moved) {
        await db
          .insertInto('case_stage_records')
          .values({ org_id: org.id, case_id: row.id, stage: 'prepare', stage_title: '准备材料', entered_at: created, left_at: submittedAt })
          .execute();
      }
      const steps = [
        ...(plan.status !== 'draft' ? [{ action: 'submit', content: '提交案件', at: submittedAt }] : []),
        ...(plan.filed ? [{ action: 'confirmSubmission', content: '已向国家知识产权局电子递交', at: new Date(created.getTime() + DAY) }] : []),
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
          stage_title: plan.stageTitle,
          entered_at: moved ? new Date(created.getTime() + DAY) : created,
          deadline: plan.deadlineDays === null ? null : chinaDay(new Date(created.getTime() + plan.deadlineDays * DAY)),
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
