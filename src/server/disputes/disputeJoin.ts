import type { CaseState } from '../../generated/types.js';
import type { CasesTable } from '../db/tables.js';
import type { Selectable } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import { onLetterChanged, onLetterRecorded, type RecordedLetter } from '../trademarks/officialDocumentRecord.js';
import { CASE_DISPUTES, LETTER_DISPUTES, outcomeOf, type OurSide, type Procedure, type Stage } from './disputeRules.js';
import { linkToDispute, type DisputeRow } from './disputeStore.js';
import { chinaToday } from '../../shared/trademarkDates.js';

const STAGE_ORDER: Stage[] = ['preparing', 'filed', 'answering', 'decided', 'closed'];
const later = (a: Stage, b: Stage): Stage => (STAGE_ORDER.indexOf(b) > STAGE_ORDER.indexOf(a) ? b : a);

/** What a letter or case tells of its dispute. */
interface DisputeFacts {
  orgId: number;
  procedure: Procedure | null;
  ourSide: OurSide;
  brandId: number | null;
  ourTmName: string;
  ourAppNo: string;
  otherParty: string;
  otherTmName: string;
  otherAppNo: string;
  stage: Stage;
  filedOn: string | null;
  /** Numbers that may name either mark (a letter's application number). */
  anyAppNo: string;
  ruling: { result: string; on: string | null } | null;
  /** Our side is certain (a case's type, an answer notice); a ruling may go to either side. */
  sideKnown: boolean;
  createdBy: number | null;
}

/**
 * The open dispute these facts belong to: same procedure (when known), on the same archive mark or
 * naming the same number on either side, and not naming a different other party or other mark.
 */
async function matchingDispute(db: ScopedDb, f: DisputeFacts): Promise<DisputeRow | undefined> {
  const numbers = [...new Set([f.ourAppNo, f.otherAppNo, f.anyAppNo].filter((n) => n))];
  if (f.brandId === null && numbers.length === 0) return undefined;
  let q = db.selectFrom('disputes').selectAll().where('stage', '<>', 'closed');
  if (f.procedure) q = q.where('procedure', '=', f.procedure);
  if (f.sideKnown) q = q.where('our_side', '=', f.ourSide);
  // Only a ruling joins a dispute already decided; a new notice or case on the mark is a new dispute.
  if (!f.ruling) q = q.where('stage', 'not in', ['decided', 'closed']);
  q = q.where((eb) =>
    eb.or([
      ...(f.brandId !== null ? [eb('brand_archive_id', '=', f.brandId)] : []),
      ...(numbers.length > 0 ? [eb('our_app_no', 'in', numbers), eb('other_app_no', 'in', numbers)] : []),
    ]),
  );
  if (f.otherParty) q = q.where((eb) => eb.or([eb('other_party', '=', ''), eb('other_party', '=', f.otherParty)]));
  if (f.otherAppNo) q = q.where((eb) => eb.or([eb('other_app_no', '=', ''), eb('other_app_no', '=', f.otherAppNo), eb('our_app_no', '=', f.otherAppNo)]));
  return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Joins the facts to their dispute, or starts one; the letter or case is linked to it. Returns the dispute's id. */
async function joinDispute(db: ScopedDb, f: DisputeFacts, link: { letterId?: number; caseId?: number }): Promise<number> {
  const found = await matchingDispute(db, f);
  let dispute: Pick<DisputeRow, 'id' | 'org_id'>;
  if (found) {
    const procedure = found.procedure;
    const ruled =
      f.ruling && f.ruling.result
        ? { ruling_result: f.ruling.result, ruled_on: f.ruling.on, outcome: outcomeOf(procedure, found.our_side, f.ruling.result) }
        : {};
    await db
      .updateTable('disputes')
      .set({
        stage: later(found.stage, f.stage),
        // What was unknown is filled in; what was typed in stays.
        ...(found.brand_archive_id === null && f.brandId !== null ? { brand_archive_id: f.brandId } : {}),
        ...(!found.our_tm_name && f.ourTmName ? { our_tm_name: f.ourTmName } : {}),
        ...(!found.our_app_no && f.ourAppNo ? { our_app_no: f.ourAppNo } : {}),
        ...(!found.other_party && f.otherParty ? { other_party: f.otherParty } : {}),
        ...(!found.other_tm_name && f.otherTmName ? { other_tm_name: f.otherTmName } : {}),
        ...(!found.other_app_no && f.otherAppNo ? { other_app_no: f.otherAppNo } : {}),
        ...(!found.filed_on && f.filedOn ? { filed_on: f.filedOn } : {}),
        ...ruled,
        updated_at: new Date(),
      })
      .where('id', '=', found.id)
      .execute();
    dispute = found;
  } else {
    const procedure = f.procedure ?? 'invalidation';
    dispute = await db
      .insertInto('disputes')
      .values({
        org_id: f.orgId,
        procedure,
        our_side: f.ourSide,
        brand_archive_id: f.brandId,
        our_tm_name: f.ourTmName,
        our_app_no: f.ourAppNo,
        other_party: f.otherParty,
        other_tm_name: f.otherTmName,
        other_app_no: f.otherAppNo,
        stage: f.stage,
        filed_on: f.filedOn,
        ...(f.ruling && f.ruling.result
          ? { ruling_result: f.ruling.result, ruled_on: f.ruling.on, outcome: outcomeOf(procedure, f.ourSide, f.ruling.result) }
          : {}),
        created_by: f.createdBy,
      })
      .returning(['id', 'org_id'])
      .executeTakeFirstOrThrow();
  }
  await linkToDispute(db, dispute, link.letterId ? [link.letterId] : [], link.caseId ? [link.caseId] : []);
  return dispute.id;
}

async function markOf(db: ScopedDb, brandId: number | null) {
  if (brandId === null) return undefined;
  return db.selectFrom('brand_archives').select(['id', 'tm_name', 'app_no', 'reg_no']).where('id', '=', brandId).executeTakeFirst();
}

/**
 * A letter of a dispute type (异议答辩通知书, 提供注册商标使用证据通知书, 裁定书…) just recorded starts
 * or joins its dispute; a ruling letter's 裁定结果 and 争议日期 become the dispute's result.
 */
export async function joinDisputeOfLetter(db: ScopedDb, letter: RecordedLetter): Promise<number | null> {
  const kind = LETTER_DISPUTES[letter.documentType];
  if (!kind) return null;
  const row = await db.selectFrom('official_documents').select(['details', 'receive_date']).where('id', '=', letter.id).executeTakeFirstOrThrow();
  const mark = await markOf(db, letter.brandId);
  const ours = !!mark || kind.ourSide === 'respondent';
  const ruling = kind.ruling ? { result: row.details.rulingResult?.trim() ?? '', on: row.details.disputedDate?.trim() || letter.receiveDate } : null;
  return joinDispute(
    db,
    {
      orgId: letter.orgId,
      procedure: kind.procedure,
      ourSide: kind.ourSide,
      brandId: mark?.id ?? null,
      ourTmName: mark?.tm_name ?? (ours ? (row.details.tmName ?? '') : ''),
      ourAppNo: ours ? letter.appNo : '',
      otherParty: '',
      otherTmName: ours ? '' : (row.details.tmName ?? ''),
      otherAppNo: ours ? '' : letter.appNo,
      anyAppNo: letter.appNo,
      stage: kind.stage,
      filedOn: null,
      ruling: ruling && ruling.result ? ruling : null,
      sideKnown: !kind.ruling,
      createdBy: letter.userId,
    },
    { letterId: letter.id },
  );
}

const text = (form: Record<string, unknown>, key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');

/**
 * A dispute-type case just saved (异议申请/答辩、无效宣告申请/答辩、撤三申请/答辩、复审) starts or joins its
 * dispute: our mark is the case's archive mark, the other side the target or opposing party of its form.
 */
export async function joinDisputeOfCase(db: ScopedDb, row: Selectable<CasesTable>): Promise<number | null> {
  const kind = CASE_DISPUTES[row.case_type];
  if (!kind) return null;
  const already = await db.selectFrom('dispute_cases').select('dispute_id').where('case_id', '=', row.id).executeTakeFirst();
  if (already) return already.dispute_id;
  const form = (row.biz_param.form ?? {}) as Record<string, unknown>;
  const mark = await markOf(db, row.brand_id);
  const ourNo = mark ? (mark.reg_no ?? mark.app_no ?? '') : text(form, 'regNo') || text(form, 'appNo') || text(form, 'citedNo');
  const otherParty = kind.targetIsOther ? text(form, 'targetHolderName') : text(form, 'opposingPartyName') || text(form, 'targetHolderName');
  const targetName = text(form, 'targetTmName');
  const targetNo = text(form, 'targetNo');
  return joinDispute(
    db,
    {
      orgId: row.org_id,
      procedure: kind.procedure,
      ourSide: kind.ourSide,
      brandId: mark?.id ?? null,
      ourTmName: mark?.tm_name ?? (kind.targetIsOther ? text(form, 'citedTmName') : row.tm_name),
      ourAppNo: ourNo,
      otherParty,
      otherTmName: kind.targetIsOther ? targetName : '',
      otherAppNo: kind.targetIsOther ? targetNo : '',
      anyAppNo: '',
      stage: 'preparing',
      filedOn: null,
      ruling: null,
      sideKnown: true,
      createdBy: row.created_by,
    },
    { caseId: row.id },
  );
}

onLetterRecorded(async ({ db }, letter): Promise<CaseState[]> => {
  await joinDisputeOfLetter(db, letter);
  return [];
});

/**
 * A letter changed after it was recorded leaves the dispute it was joined to and joins the one its
 * type, mark and ruling now point to (often the same, with the corrected ruling); a letter no longer
 * of a dispute type joins none. The dispute it left keeps what was typed into it.
 */
export async function followLetterChange(db: ScopedDb, letter: RecordedLetter): Promise<number | null> {
  await db.deleteFrom('dispute_letters').where('document_id', '=', letter.id).execute();
  return joinDisputeOfLetter(db, letter);
}

onLetterChanged(async (db, letter) => {
  await followLetterChange(db, letter);
});

/** The dispute stage a case's status stands for: filed once filed, decided when finished, closed when withdrawn. */
function stageOfCase(row: Pick<Selectable<CasesTable>, 'status' | 'filed_at'>): Stage {
  if (row.status === 'withdrawn') return 'closed';
  if (row.status === 'finished') return 'decided';
  if (row.filed_at !== null || ['filed', 'accepted', 'reviewing'].includes(row.status)) return 'filed';
  return 'preparing';
}

/**
 * A dispute case that moved (filed, finished with its result, withdrawn) moves its open disputes on:
 * the stage never goes back, the filing date is filled in when unknown, and a result registered on
 * the case becomes the dispute's result unless a ruling letter already gave one.
 */
export async function followCaseInDisputes(db: ScopedDb, row: Selectable<CasesTable>): Promise<void> {
  if (!CASE_DISPUTES[row.case_type]) return;
  const disputes = await db
    .selectFrom('disputes')
    .innerJoin('dispute_cases as dc', 'dc.dispute_id', 'disputes.id')
    .selectAll('disputes')
    .where('dc.case_id', '=', row.id)
    .where('disputes.stage', '<>', 'closed')
    .execute();
  const target = stageOfCase(row);
  const filedOn = row.filed_at ? chinaToday(new Date(row.filed_at)) : null;
  for (const d of disputes) {
    const result = row.result === 'success' ? '成功' : row.result === 'failure' ? '失败' : '';
    const ruled =
      target === 'decided' && !d.ruling_result && result
        ? {
            ruling_result: row.result_note?.trim() || `案件结果：${result}`,
            ruled_on: chinaToday(),
            outcome: row.result === 'success' ? ('favourable' as const) : ('unfavourable' as const),
          }
        : {};
    await db
      .updateTable('disputes')
      .set({
        stage: later(d.stage, target),
        ...(!d.filed_on && filedOn ? { filed_on: filedOn } : {}),
        ...ruled,
        updated_at: new Date(),
      })
      .where('id', '=', d.id)
      .execute();
  }
}
