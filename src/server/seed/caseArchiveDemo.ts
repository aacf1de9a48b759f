import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { withOrganisation, type ScopedDb } from '../db/tenantScope.js';
import { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { planArchiveEffect } from '../cases/caseArchive.js';
import { moveCasesByLetter } from '../cases/caseLetters.js';
import { currentCaseType, type CaseType } from '../cases/caseTypes.js';
import { addTrend, enterStage, type CaseRow } from '../cases/caseStore.js';

const DAY = 86_400_000;
const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const DEMO_MARK = '青禾云';

/** A filed domestic registration of the agency, in classes 29 and 30 with goods of its first marks. */
async function filedRegistration(db: ScopedDb, type: CaseType, orgId: number, userId: number, appNo: string, tmName: string, age: number): Promise<CaseRow> {
  const created = new Date(Date.now() - age * DAY);
  const goods = await db
    .selectFrom('classification_items')
    .select(['class_no', 'group_no', 'name'])
    .where('class_no', 'in', [29, 30])
    .orderBy('code')
    .limit(6)
    .execute();
  const items = goods.map((g) => ({ tmCl: g.class_no, code: g.group_no, name: g.name }));
  const classes = [...new Set(items.map((g) => g.tmCl))].sort((a, b) => a - b);
  const classList = classes.length > 0 ? classes : [30];
  const counter = await db
    .insertInto('case_counters')
    .values({ org_id: orgId, day: chinaDay(created), last: 1 })
    .onConflict((oc) => oc.columns(['org_id', 'day']).doUpdateSet((eb) => ({ last: eb('case_counters.last', '+', 1) })))
    .returning('last')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('cases')
    .values({
      org_id: orgId,
      case_no: `AJ${chinaDay(created).replace(/-/g, '')}${String(counter.last).padStart(5, '0')}`,
      case_type: type.name,
      status: 'filed',
      stage: 'filed',
      applicant_name: '杭州青禾食品有限公司',
      tm_name: tmName,
      countries: 'CN',
      classes: classList,
      handler_user_id: userId,
      created_by: userId,
      app_no: appNo,
      biz_param: JSON.stringify({
        priorityRadio: 'no',
        dplPriorityTm: '[]',
        tmType: '一般',
        coOwnerInfo: '[]',
        brandId: null,
        relatedBrandIds: [],
        intCls: classList,
        tmName,
        form: { applicantName: '杭州青禾食品有限公司', applicantAddress: '浙江省杭州市西湖区文三路 90 号', tmName, agentName: '北京知联商标代理有限公司' },
      }),
      submitted_at: created,
      filed_at: new Date(created.getTime() + DAY),
      created_at: created,
      updated_at: created,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('case_items')
    .values({ org_id: orgId, case_id: row.id, country_code: 'CN', country_name: '中国', classes: classList, goods: JSON.stringify(items), app_no: appNo })
    .execute();
  const filed = type.stages.find((s) => s.key === 'filed');
  if (filed) await enterStage(db, row, filed, new Date(created.getTime() + DAY));
  await addTrend(db, row, userId, 'create', `新建${type.title}案件`);
  await addTrend(db, row, userId, 'confirmSubmission', `确认已电子递交（${chinaDay(new Date(created.getTime() + DAY))}）`);
  return row;
}

/**
 * The agency's demo of cases and the archive, once: a registration finished a year ago whose mark
 * the archive took from the case (source 3, with its history), and a filed one a 受理通知书 moved on.
 */
export async function seedCaseArchiveDemo(db: Kysely<Database>, schemasDir?: string): Promise<boolean> {
  const agency = await db.selectFrom('organisations').select('id').where('kind', '=', 'agency').orderBy('id').executeTakeFirst();
  if (!agency) return false;
  const done = await db.selectFrom('cases').select('id').where('org_id', '=', agency.id).where('tm_name', '=', DEMO_MARK).executeTakeFirst();
  if (done) return false;
  const user = await db.selectFrom('users').select('id').where('org_id', '=', agency.id).orderBy('id').executeTakeFirst();
  if (!user) return false;
  const schemas = SchemaLibrary.load(schemasDir);
  await withOrganisation(db, agency.id, async (scoped) => {
    const type = await currentCaseType(scoped, schemas, 'domesticRegistration');
    if (!type) return;
    const finished = await filedRegistration(scoped, type, agency.id, user.id, '79120001', DEMO_MARK, 400);
    const plan = await planArchiveEffect(scoped, type, finished, { userId: user.id });
    if (plan && 'apply' in plan) {
      const registered = type.stages.find((s) => s.key === 'registered');
      if (registered) await enterStage(scoped, finished, registered);
      await scoped
        .updateTable('cases')
        .set({ status: 'finished', stage: registered?.key ?? 'filed', result: 'success', result_note: '核准注册' })
        .where('id', '=', finished.id)
        .execute();
      await addTrend(scoped, finished, user.id, 'setResult', '登记结果：成功，核准注册');
      await addTrend(scoped, finished, user.id, 'archive', await plan.apply());
    }
    await filedRegistration(scoped, type, agency.id, user.id, '79120002', '青禾优选', 30);
    const letter = await scoped
      .insertInto('official_documents')
      .values({
        org_id: agency.id,
        document_type: '受理通知书',
        app_no: '79120002',
        receive_date: chinaDay(new Date(Date.now() - 10 * DAY)),
        // The acceptance has no reply period: the demo's letter is read and handled.
        status: 1,
        is_read: true,
        handled_by: user.id,
        handled_at: new Date(),
        created_by: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await moveCasesByLetter(
      { db: scoped, schemas },
      {
        id: letter.id,
        orgId: agency.id,
        userId: null,
        brandId: null,
        documentType: '受理通知书',
        appNo: '79120002',
        receiveDate: chinaDay(new Date(Date.now() - 10 * DAY)),
        officalLimit: null,
      },
    );
  });
  return true;
}
