import type { CaseState } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { notifyEvent } from '../notify/notifyEvent.js';
import { onLetterRecorded, type RecordedLetter } from '../trademarks/officialDocumentRecord.js';
import { planArchiveEffect } from './caseArchive.js';
import { caseState } from './caseLifecycle.js';
import { addTrend, enterStage, type CaseRow } from './caseStore.js';
import { caseTypeVersion, statusTitle, type CaseType } from './caseTypes.js';

/** The live cases whose application number, or one of whose countries' numbers, is `appNo`; locked. */
function casesWithAppNo(db: ScopedDb, appNo: string): Promise<CaseRow[]> {
  return db
    .selectFrom('cases as c')
    .selectAll('c')
    .where('c.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('c.app_no', '=', appNo),
        eb.exists(eb.selectFrom('case_items as i').select('i.id').whereRef('i.case_id', '=', 'c.id').where('i.app_no', '=', appNo)),
      ]),
    )
    .orderBy('c.id')
    .forUpdate()
    .execute();
}

/** The moment a letter moves a case: the day it was received (noon, China time), or now if that is later. */
function movedAt(receiveDate: string): Date {
  const received = new Date(`${receiveDate}T12:00:00+08:00`);
  const now = new Date();
  return Number.isNaN(received.getTime()) || received > now ? now : received;
}

/** A case finished by a letter (a certificate, an approval) succeeds and the archive follows, when it can. */
async function finishByLetter(db: ScopedDb, type: CaseType, row: CaseRow, userId: number | null): Promise<void> {
  if (type.archiveEffect === 'none' || row.result !== null) return;
  await db.updateTable('cases').set({ result: 'success' }).where('id', '=', row.id).execute();
  const plan = await planArchiveEffect(db, type, { ...row, result: 'success' }, { userId });
  if (!plan) return;
  if ('problem' in plan) await addTrend(db, row, userId, 'archive', `未能更新档案：${plan.problem}`);
  else await addTrend(db, row, userId, 'archive', await plan.apply());
}

/**
 * Moves the cases a letter concerns: each live case with the letter's application number whose
 * type has a stage moved by this kind of letter, and whose status allows a letter's move (the
 * type's officialDocument transition), enters that stage with its deadline and status; the move
 * is a trend (官文推进) and its handler is told (caseStageChanged). A letter for a stage the case
 * is already in is only noted. A letter is a fact, not a user's move: no permission is asked.
 */
export async function moveCasesByLetter({ db, schemas }: { db: ScopedDb; schemas: SchemaLibrary }, letter: RecordedLetter): Promise<CaseState[]> {
  if (!letter.appNo) return [];
  const moved: CaseState[] = [];
  for (const current of await casesWithAppNo(db, letter.appNo)) {
    const type = await caseTypeVersion(db, schemas, current.case_type, current.type_version_id);
    const stage = type.stages.find((s) => s.officialTypes?.includes(letter.documentType));
    const move = type.transitions.find((t) => t.action === 'officialDocument' && t.from.includes(current.status));
    if (!stage || !move) continue;
    const letterText = `收到${letter.documentType}（申请号 ${letter.appNo}，收文日期 ${letter.receiveDate}）`;
    if (stage.key === current.stage) {
      await addTrend(db, current, letter.userId, 'officialDocument', `${letterText}，案件已在“${stage.title}”阶段`);
      continue;
    }
    const status = stage.status ?? move.to;
    const deadline = await enterStage(db, current, stage, movedAt(letter.receiveDate), letter.officalLimit ?? undefined);
    const row = await db
      .updateTable('cases')
      .set({ status, stage: stage.key, stage_deadline: deadline, revision: current.revision + 1, updated_at: new Date() })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const statusText = status === current.status ? '' : `，状态“${statusTitle(type, current.status)}”→“${statusTitle(type, status)}”`;
    await addTrend(db, row, letter.userId, 'officialDocument', `${letterText}，进入“${stage.title}”阶段${statusText}`);
    if (type.statuses.find((s) => s.key === status)?.final) await finishByLetter(db, type, row, letter.userId);
    if (row.handler_user_id !== null) {
      const page = type.routes.detail ?? type.routes.apply ?? '/brand/caseList';
      await notifyEvent(db, {
        orgId: row.org_id,
        event: 'caseStageChanged',
        userIds: [row.handler_user_id],
        kind: 'case',
        title: `案件 ${row.case_no} 进入“${stage.title}”阶段`,
        content: `${letterText}，${type.title}案件${row.tm_name ? `“${row.tm_name}”` : ''}进入“${stage.title}”阶段${deadline ? `，办理期限 ${deadline}` : ''}`,
        link: `${page}?caseNo=${row.case_no}`,
      });
    }
    moved.push(caseState(type, row));
  }
  return moved;
}

onLetterRecorded(moveCasesByLetter);
