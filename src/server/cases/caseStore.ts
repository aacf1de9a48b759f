import { sql, type Selectable } from 'kysely';
import type { CaseBizParam, CaseTmItem } from '../../generated/types.js';
import type { CasesTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { conflict, notFound } from '../http/apiError.js';
import { registerMergeReference } from '../trademarks/mergeRegistry.js';
import type { CaseStageDefinition, CaseType } from './caseTypes.js';
import { stageDeadline } from './caseWorkflow.js';

// A merge of marks moves the cases that concern them.
registerMergeReference({ table: 'cases', column: 'brand_id' });
registerMergeReference({ table: 'case_marks', column: 'brand_id', uniqueWith: ['case_id'] });

export type CaseRow = Selectable<CasesTable>;

/** `YYYY-MM-DD` in China time. */
export const chinaDay = (at: Date = new Date()) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The next case number of the organisation for `day`: AJ, the date, and the day's serial in five digits (AJ2026112600001). */
export async function nextCaseNo(db: ScopedDb, orgId: number, day: string): Promise<string> {
  const { rows } = await sql<{ last: number }>`
    insert into case_counters (org_id, day, last) values (${orgId}, ${day}, 1)
    on conflict (org_id, day) do update set last = case_counters.last + 1
    returning last`.execute(db);
  return `AJ${day.replace(/-/g, '')}${String(rows[0]!.last).padStart(5, '0')}`;
}

/** The organisation's case with this number, not deleted; locked when it is to be changed. */
export async function caseByNo(db: ScopedDb, caseNo: string, forUpdate = false): Promise<CaseRow> {
  const query = db.selectFrom('cases').selectAll().where('case_no', '=', caseNo).where('deleted_at', 'is', null);
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound(`案件编号 ${caseNo} 不存在`);
  return row;
}

/** Refuses a save made on an older revision than the case's: someone saved it in between. */
export async function requireRevision(db: ScopedDb, row: CaseRow, revision: number | undefined): Promise<void> {
  if (revision === undefined || revision === row.revision) return;
  const last = await db
    .selectFrom('case_trends as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select(['u.display_name as name', 't.created_at'])
    .where('t.case_id', '=', row.id)
    .orderBy('t.id', 'desc')
    .executeTakeFirst();
  const who = last ? `${last.name ?? '他人'}于 ${new Date(last.created_at).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' })}` : '他人';
  throw conflict(`案件 ${row.case_no} 已被${who}修改（修订号 ${row.revision}，您编辑的是 ${revision}），请刷新后在最新内容上修改，您的内容未保存`);
}

/** Records what happened on a case, by whom. */
export async function addTrend(db: ScopedDb, row: Pick<CaseRow, 'id' | 'org_id'>, userId: number | null, action: string, content: string): Promise<void> {
  await db.insertInto('case_trends').values({ org_id: row.org_id, case_id: row.id, user_id: userId, action, content }).execute();
}

/**
 * Leaves the open stage and enters `stage`, its deadline counted from `at` by the stage's days unless
 * one is given (a letter's official deadline); returns the deadline.
 */
export async function enterStage(
  db: ScopedDb,
  row: Pick<CaseRow, 'id' | 'org_id'>,
  stage: CaseStageDefinition,
  at = new Date(),
  deadline: string | null = stageDeadline(stage, at),
): Promise<string | null> {
  await db.updateTable('case_stage_records').set({ left_at: at }).where('case_id', '=', row.id).where('left_at', 'is', null).execute();
  await db
    .insertInto('case_stage_records')
    .values({ org_id: row.org_id, case_id: row.id, stage: stage.key, stage_title: stage.title, entered_at: at, deadline })
    .execute();
  return deadline;
}

/** Replaces the case's per-country items, submitted files and marks with those of the payload. */
/** One country's item of a case as its row of case_items. */
export function caseItemRow(row: Pick<CaseRow, 'id' | 'org_id'>, item: CaseTmItem, position: number, appNo = item.appNo ?? '') {
  return {
    org_id: row.org_id,
    case_id: row.id,
    country_code: item.appCountry,
    country_name: item.countryName ?? '',
    classes: item.tmCl,
    goods: JSON.stringify(item.goodsItem),
    goods_translate: item.goodsItemTranslate ?? '',
    basic_tm_infos: item.basicTmInfos ?? '',
    apply_basic: item.applyBasic ?? '',
    app_no: appNo,
    official_fees: item.officialFees ?? 0,
    agency_fees: item.agencyFees ?? 0,
    sundry_fees: item.sundryFees ?? 0,
    position,
  };
}

export async function writeCaseParts(db: ScopedDb, row: Pick<CaseRow, 'id' | 'org_id'>, items: CaseTmItem[], bizParam: CaseBizParam): Promise<void> {
  const previous = new Map(
    (await db.selectFrom('case_items').select(['country_code', 'app_no']).where('case_id', '=', row.id).execute()).map((r) => [r.country_code, r.app_no]),
  );
  await db.deleteFrom('case_items').where('case_id', '=', row.id).execute();
  if (items.length > 0) {
    await db
      .insertInto('case_items')
      .values(items.map((item, position) => caseItemRow(row, item, position, previous.get(item.appCountry) ?? item.appNo ?? '')))
      .execute();
  }
  await db.deleteFrom('case_files').where('case_id', '=', row.id).execute();
  const files = (bizParam.officialSubmitFiles ?? []).flatMap((group) => group.files.map((f) => ({ country: group.appCountry, ...f })));
  if (files.length > 0) {
    await db
      .insertInto('case_files')
      .values(
        files.map((f, position) => ({
          org_id: row.org_id,
          case_id: row.id,
          country_code: f.country,
          attachment_key: f.attachmentKey ?? null,
          file_name: f.fileName,
          file_path: f.filePath,
          position,
        })),
      )
      .execute();
  }
  await db.deleteFrom('case_marks').where('case_id', '=', row.id).execute();
  const marks = [...new Set([...(bizParam.brandId ? [bizParam.brandId] : []), ...(bizParam.relatedBrandIds ?? [])])];
  if (marks.length > 0) {
    await db
      .insertInto('case_marks')
      .values(marks.map((brandId) => ({ org_id: row.org_id, case_id: row.id, brand_id: brandId, main: brandId === bizParam.brandId })))
      .execute();
  }
}

/** The stage definition the case is in, in the version of its type. */
export const currentStage = (type: CaseType, row: Pick<CaseRow, 'stage'>) => type.stages.find((s) => s.key === row.stage);
