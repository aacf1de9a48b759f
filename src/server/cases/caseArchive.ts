import type { GoodsItem } from '../../generated/types.js';
import { addDays, addMonths, chinaToday } from '../../shared/trademarkDates.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { namePinyin } from '../trademarks/namePinyin.js';
import { hashForColumn } from '../trademarks/logoHash.js';
import { storedPictureColumns, storedPictureHash } from '../trademarks/logoSearch.js';
import { recordHistory, HISTORY_FIELD_TITLES, type HistoryAction, type HistoryRecord } from './brandHistory.js';
import type { CaseRow } from './caseStore.js';
import { tmItemsOf } from './caseReads.js';
import type { CaseType } from './caseTypes.js';

/** Who makes the change: the user setting the result, or none for a letter recorded by the system. */
export interface ArchiveActor {
  userId: number | null;
}

/** What a finished case would do to the archive: a reason it cannot, or the change to make. */
export type ArchivePlan = { problem: string } | { apply: () => Promise<string> };

/** Years of one registration term (商标法 §39, §40). */
const TERM_MONTHS = 120;

const formText = (row: CaseRow, key: string): string => {
  const value = (row.biz_param.form as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The last day of a term that starts on `start`: the day before the corresponding day ten years on;
 * a start on 29 February, whose year ten on has no such day, ends on that February's last day.
 */
function termEnd(start: string): string {
  const corresponding = addMonths(start, TERM_MONTHS);
  return corresponding.slice(8) < start.slice(8) ? corresponding : addDays(corresponding, -1);
}

/** The archive marks the case lists (bizParam.brandId and relatedBrandIds), locked for the change. */
async function listedMarks(db: ScopedDb, caseId: number) {
  return db
    .selectFrom('brand_archives as b')
    .innerJoin('case_marks as m', 'm.brand_id', 'b.id')
    .selectAll('b')
    .where('m.case_id', '=', caseId)
    .orderBy('m.main', 'desc')
    .orderBy('b.id')
    .forUpdate()
    .execute();
}

const markLabel = (m: { tm_name: string; app_no: string; int_cls: number | null }) =>
  `“${m.tm_name || '图形'}”（申请号 ${m.app_no}${m.int_cls ? `，第 ${m.int_cls} 类` : ''}）`;

/** The logo columns for the case's mark image when it is an examined picture of the organisation. */
async function logoOf(db: ScopedDb, path: string): Promise<{ logo_path: string; logo_hash: string } | Record<string, never>> {
  if (!path) return {};
  const file = await db.selectFrom('files').select(storedPictureColumns).where('path', '=', path).executeTakeFirst();
  if (!file || file.image_status !== 'hashed') return {};
  return { logo_path: path, logo_hash: hashForColumn(storedPictureHash(file)) };
}

/**
 * A finished registration enters the archive: one record per country and class (the archive keeps
 * a mark per class), generated from the case (source 3), registered on the day of the result with
 * its first ten-year term; a record the archive already has for that number and class is brought
 * up to date instead. The marks are linked to the case.
 */
async function planRegister(db: ScopedDb, type: CaseType, row: CaseRow, actor: ArchiveActor): Promise<ArchivePlan> {
  const items = await tmItemsOf(db, row.id);
  if (items.length === 0) return { problem: '案件没有申请国家/地区与类别，无法把商标加入档案' };
  for (const item of items) {
    if (!(item.appNo || row.app_no)) return { problem: `${item.countryName || item.appCountry}还没有申请号，请先补录申请号再登记成功` };
    if (item.tmCl.length === 0) return { problem: `${item.countryName || item.appCountry}没有类别，无法把商标加入档案` };
  }
  return {
    apply: async () => {
      const today = chinaToday();
      const filedDay = row.filed_at ? chinaToday(new Date(row.filed_at)) : null;
      const applicant = formText(row, 'applicantName') || row.applicant_name;
      const logo = await logoOf(db, formText(row, 'markImage'));
      const history: HistoryRecord[] = [];
      const ids: number[] = [];
      for (const item of items) {
        const appNo = item.appNo || row.app_no;
        const domestic = item.appCountry === 'CN';
        for (const tmCl of item.tmCl) {
          const goods: GoodsItem[] = item.goodsItem.filter((g) => g.tmCl === tmCl).map((g) => ({ code: g.code ?? '', name: g.name }));
          const registered = {
            tm_status: '已注册',
            reg_no: domestic ? appNo : null,
            reg_date: today,
            private_end_date: domestic ? termEnd(today) : null,
          };
          const existing = await db
            .selectFrom('brand_archives')
            .select(['id', 'tm_status'])
            .where('country_code', '=', item.appCountry)
            .where('app_no', '=', appNo)
            .where('int_cls', '=', tmCl)
            .orderBy('id')
            .forUpdate()
            .executeTakeFirst();
          let id: number;
          if (existing) {
            await db
              .updateTable('brand_archives')
              .set({ ...registered, ...(goods.length > 0 ? { goods: JSON.stringify(goods) } : {}), updated_at: new Date() })
              .where('id', '=', existing.id)
              .execute();
            id = existing.id;
            history.push({
              brandId: id,
              action: 'register',
              field: 'tm_status',
              before: existing.tm_status,
              after: '已注册',
              content: `案件 ${row.case_no} 注册成功，档案中已有的商标更新为已注册`,
            });
          } else {
            const inserted = await db
              .insertInto('brand_archives')
              .values({
                org_id: row.org_id,
                source: 3,
                country_code: item.appCountry,
                app_no: appNo,
                int_cls: tmCl,
                tm_name: row.tm_name,
                tm_name_pinyin: namePinyin(row.tm_name),
                tm_type: row.biz_param.tmType ?? '',
                applicant_cn: applicant,
                applicant_en: formText(row, 'applicantNameEn'),
                applicant_address: formText(row, 'applicantAddress'),
                applicant_address_en: formText(row, 'applicantAddressEn'),
                agent: formText(row, 'agentName'),
                app_date: filedDay,
                goods: JSON.stringify(goods),
                owner_user_id: row.handler_user_id,
                created_by: actor.userId,
                ...registered,
                ...logo,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            id = inserted.id;
            history.push({ brandId: id, action: 'register', content: `由${type.title}案件 ${row.case_no} 生成：第 ${tmCl} 类，${goods.length} 项商品/服务` });
          }
          ids.push(id);
        }
      }
      await db
        .insertInto('case_marks')
        .values(ids.map((brandId) => ({ org_id: row.org_id, case_id: row.id, brand_id: brandId, main: false })))
        .onConflict((oc) => oc.columns(['case_id', 'brand_id']).doNothing())
        .execute();
      if (row.brand_id === null) await db.updateTable('cases').set({ brand_id: ids[0]! }).where('id', '=', row.id).execute();
      await recordHistory(db, { orgId: row.org_id, caseId: row.id, userId: actor.userId }, history);
      return `商标已加入档案（${ids.length} 件，编号 ${ids.join('、')}）`;
    },
  };
}

/** A renewal moves each listed mark's term on ten years from the day after the old one ends (商标法 §40). */
async function planRenew(db: ScopedDb, row: CaseRow, actor: ArchiveActor): Promise<ArchivePlan> {
  const marks = await listedMarks(db, row.id);
  if (marks.length === 0) return { problem: '案件没有涉及的档案商标，无法续展档案中的专用权期限' };
  const undated = marks.find((m) => !m.private_end_date);
  if (undated) return { problem: `商标${markLabel(undated)}没有专用权截止日期，请先在档案中补上再登记成功` };
  return {
    apply: async () => {
      const history: HistoryRecord[] = [];
      for (const mark of marks) {
        const next = termEnd(addDays(mark.private_end_date!, 1));
        await db.updateTable('brand_archives').set({ private_end_date: next, updated_at: new Date() }).where('id', '=', mark.id).execute();
        history.push({
          brandId: mark.id,
          action: 'renew',
          field: 'private_end_date',
          before: mark.private_end_date!,
          after: next,
          content: `案件 ${row.case_no} 续展成功，新的有效期自 ${addDays(mark.private_end_date!, 1)} 起十年`,
        });
      }
      await recordHistory(db, { orgId: row.org_id, caseId: row.id, userId: actor.userId }, history);
      return `${marks.length} 件商标的专用权截止日期续展十年`;
    },
  };
}

type ArchiveColumn = 'applicant_cn' | 'applicant_en' | 'applicant_address' | 'applicant_address_en' | 'agent';

/** Which form fields set which archive columns for each change; the first is required. */
const CHANGES: Record<Exclude<HistoryAction, 'register' | 'renew'>, { column: ArchiveColumn; key: string; title: string }[]> = {
  changeHolder: [
    { column: 'applicant_cn', key: 'transfereeName', title: '受让人名称' },
    { column: 'applicant_address', key: 'transfereeAddress', title: '受让人地址' },
    { column: 'applicant_en', key: 'transfereeNameEn', title: '受让人英文名称' },
    { column: 'applicant_address_en', key: 'transfereeAddressEn', title: '受让人英文地址' },
  ],
  changeName: [
    { column: 'applicant_cn', key: 'newApplicantName', title: '变更后名称' },
    { column: 'applicant_en', key: 'newApplicantNameEn', title: '变更后英文名称' },
  ],
  changeAddress: [
    { column: 'applicant_address', key: 'newApplicantAddress', title: '变更后地址' },
    { column: 'applicant_address_en', key: 'newApplicantAddressEn', title: '变更后英文地址' },
  ],
  changeAgent: [{ column: 'agent', key: 'newAgentName', title: '新代理机构名称' }],
};

/** A transfer, assignment or change writes the form's new values on every mark the case lists. */
async function planChange(db: ScopedDb, action: keyof typeof CHANGES, type: CaseType, row: CaseRow, actor: ArchiveActor): Promise<ArchivePlan> {
  const fields = CHANGES[action];
  const required = fields[0]!;
  if (!formText(row, required.key)) return { problem: `${required.title}为空，无法更新档案，请先在案件中填写` };
  const marks = await listedMarks(db, row.id);
  if (marks.length === 0) return { problem: '案件没有涉及的档案商标，无法更新档案' };
  const values = fields.filter((f) => formText(row, f.key)).map((f) => ({ ...f, value: formText(row, f.key) }));
  return {
    apply: async () => {
      const history: HistoryRecord[] = [];
      for (const mark of marks) {
        const changed = values.filter((v) => mark[v.column] !== v.value);
        if (changed.length === 0) continue;
        await db
          .updateTable('brand_archives')
          .set({ ...Object.fromEntries(changed.map((v) => [v.column, v.value])), updated_at: new Date() })
          .where('id', '=', mark.id)
          .execute();
        for (const v of changed)
          history.push({
            brandId: mark.id,
            action,
            field: v.column,
            before: mark[v.column],
            after: v.value,
            content: `${type.title}案件 ${row.case_no} 核准：${HISTORY_FIELD_TITLES[v.column]}由“${mark[v.column] || '空'}”改为“${v.value}”`,
          });
      }
      await recordHistory(db, { orgId: row.org_id, caseId: row.id, userId: actor.userId }, history);
      return `${marks.length} 件商标的${values.map((v) => HISTORY_FIELD_TITLES[v.column]).join('、')}已按案件更新`;
    },
  };
}

/**
 * What a successful case of `type` does to the archive (its archiveEffect): checked first, so the
 * caller can refuse the result (or, for a letter, leave the archive as it is) with the reason.
 */
export async function planArchiveEffect(db: ScopedDb, type: CaseType, row: CaseRow, actor: ArchiveActor): Promise<ArchivePlan | null> {
  switch (type.archiveEffect) {
    case 'register':
      return planRegister(db, type, row, actor);
    case 'renew':
      return planRenew(db, row, actor);
    case 'changeHolder':
    case 'changeName':
    case 'changeAddress':
    case 'changeAgent':
      return planChange(db, type.archiveEffect, type, row, actor);
    default:
      return null;
  }
}
