import { sql } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import type { BrandArchivesAddFromRegisterResponse, Trademark } from '../../generated/types.js';
import { badRequest } from '../http/apiError.js';
import { COPIED } from '../seed/trademarks.js';
import { filterArchive, orderArchive, splitNumbers } from './archiveFilter.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { toTrademark } from './trademarkRecord.js';
import { visibleMarksForChange } from './visibleMarks.js';

/** Related marks listed for a number; the list is a starting point, not an export. */
const RELATED_LIMIT = 200;

/**
 * Links register marks into the organisation's archive as synced records (source 0), owned by
 * whoever adds them. Marks already in the archive are left as they are.
 */
export async function addFromRegister(
  db: ScopedDb,
  orgId: number,
  userId: number,
  request: { registerIds?: number[]; appNos?: string },
): Promise<BrandArchivesAddFromRegisterResponse> {
  const appNos = request.appNos ? splitNumbers(request.appNos) : [];
  const registerIds = [...new Set(request.registerIds ?? [])];
  if (appNos.length === 0 && registerIds.length === 0) throw badRequest('请输入申请号或选择公告库中的商标');
  if (appNos.length > 500) throw badRequest('申请号一次最多 500 个');
  const found = await db
    .selectFrom('tm_register')
    .select(['id', 'app_no'])
    .where((eb) => eb.or([...(registerIds.length ? [eb('id', 'in', registerIds)] : []), ...(appNos.length ? [eb('app_no', 'in', appNos)] : [])]))
    .execute();
  const foundIds = new Set(found.map((r) => r.id));
  const missingIds = registerIds.filter((id) => !foundIds.has(id));
  if (missingIds.length > 0) throw badRequest(`公告库记录不存在：${missingIds.join('、')}`);
  const foundNumbers = new Set(found.map((r) => r.app_no));
  const notFound = appNos.filter((n) => !foundNumbers.has(n));
  if (found.length === 0) return { added: [], skipped: 0, notFound };
  const ids = found.map((r) => r.id);
  const columns = sql.join(COPIED.map((c) => sql.ref(c)));
  const inserted = await sql<{ id: number }>`
    insert into brand_archives (org_id, register_id, source, owner_user_id, created_by, ${columns})
    select ${orgId}, r.id, 0, ${userId}, ${userId}, ${sql.join(COPIED.map((c) => sql.ref(`r.${c}`)))}
    from tm_register r
    where r.id in (${sql.join(ids)})
      and not exists (select 1 from brand_archives b where b.org_id = ${orgId} and b.register_id = r.id)
    returning id
  `.execute(db);
  const added = inserted.rows.map((r) => r.id);
  return { added, skipped: ids.length - added.length, notFound };
}

/** Deletes archive marks; every id must be a mark the viewer may see, or nothing is deleted. */
export async function deleteMarks(db: ScopedDb, viewer: ArchiveViewer, ids: readonly number[]): Promise<number> {
  const rows = await visibleMarksForChange(db, viewer, ids);
  const result = await db
    .deleteFrom('brand_archives')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Marks related to the one with this registration (or application) number: the same name or the
 * same applicant, within what the viewer may see. The mark itself comes first.
 */
export async function relatedMarks(db: ScopedDb, viewer: ArchiveViewer, number: string): Promise<Trademark[]> {
  const regNo = number.trim();
  if (!regNo) throw badRequest('请输入注册号');
  // A mark not yet registered is known by its application number.
  const anchors = await (
    await filterArchive(db, db.selectFrom('brand_archives'), {}, viewer)
  )
    .where((eb) => eb.or([eb('brand_archives.reg_no', '=', regNo), eb('brand_archives.app_no', '=', regNo)]))
    .selectAll('brand_archives')
    .execute();
  if (anchors.length === 0) return [];
  const names = [...new Set(anchors.map((a) => a.tm_name).filter(Boolean))];
  const applicants = [...new Set(anchors.map((a) => a.applicant_cn).filter(Boolean))];
  const anchorIds = anchors.map((a) => a.id);
  const related = await orderArchive(
    (await filterArchive(db, db.selectFrom('brand_archives'), {}, viewer))
      .where((eb) =>
        eb.or([
          eb('brand_archives.id', 'in', anchorIds),
          ...(names.length ? [eb('brand_archives.tm_name', 'in', names)] : []),
          ...(applicants.length ? [eb('brand_archives.applicant_cn', 'in', applicants)] : []),
        ]),
      )
      .selectAll('brand_archives'),
    {},
  )
    .limit(RELATED_LIMIT)
    .execute();
  const first = new Set(anchorIds);
  return [...related.filter((r) => first.has(r.id)), ...related.filter((r) => !first.has(r.id))].map(toTrademark);
}
