import type { Insertable, Updateable } from 'kysely';
import type { BrandArchivesTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { BrandArchivesAddBrandRequest, BrandArchivesBatchUpdateBrandsRequest, BrandArchivesSaveBrandRequest, Trademark } from '../../generated/types.js';
import { badRequest } from '../http/apiError.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { checkDateOrder, columnChanges, EDITABLE, isEditableField, type EditableField, type EditableFields } from './brandEdit.js';
import { hashForColumn } from './logoHash.js';
import { storedPictureColumns, storedPictureHash } from './logoSearch.js';
import { toTrademark } from './trademarkRecord.js';
import { visibleMark, visibleMarksForChange } from './visibleMarks.js';

/** The responsible person must be a user of the organisation; an agency user stays responsible for their own marks. */
async function checkOwner(db: ScopedDb, viewer: ArchiveViewer, ownerUserId: number | null | undefined): Promise<void> {
  if (ownerUserId === undefined || ownerUserId === null) return;
  if (viewer.ownMarksOnly && ownerUserId !== viewer.userId) throw badRequest('负责人只能是自己');
  const user = await db.selectFrom('users').select('id').where('id', '=', ownerUserId).executeTakeFirst();
  if (!user) throw badRequest('负责人不是本组织的用户');
}

interface DateColumns {
  app_date?: string | null;
  prelim_date?: string | null;
  reg_date?: string | null;
  private_end_date?: string | null;
}
const datesOf = (row: DateColumns) => ({
  appDate: row.app_date ?? null,
  prelimDate: row.prelim_date ?? null,
  regDate: row.reg_date ?? null,
  privateEndDate: row.private_end_date ?? null,
});

/** Another archive record with the same country, application number and class. */
async function checkUnique(db: ScopedDb, countryCode: string, appNo: string, tmCl: number | null, exceptId?: number): Promise<void> {
  let q = db.selectFrom('brand_archives').select('id').where('country_code', '=', countryCode).where('app_no', '=', appNo);
  q = tmCl === null ? q.where('int_cls', 'is', null) : q.where('int_cls', '=', tmCl);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw badRequest(`档案中已有申请号 ${appNo}${tmCl ? ` 第 ${tmCl} 类` : ''}的商标`);
}

/**
 * The image columns for a logo named by the request: a picture (PNG or JPEG) uploaded to the
 * organisation, with its hash for comparing logos, worked out when it was uploaded (nothing is
 * decoded inside this transaction); null removes the image. The path the mark already has needs
 * no check (a register logo is drawn, not uploaded).
 */
async function logoColumns(
  db: ScopedDb,
  path: string | null | undefined,
  current: string | null,
): Promise<Pick<Updateable<BrandArchivesTable>, 'logo_path' | 'logo_hash'>> {
  if (path === undefined) return {};
  const wanted = path?.trim() || null;
  if (wanted === current) return {};
  if (wanted === null) return { logo_path: null, logo_hash: null };
  if (wanted.length > EDITABLE.logoPath.max!) throw badRequest('商标图样不存在，请重新上传');
  const file = await db.selectFrom('files').select(storedPictureColumns).where('path', '=', wanted).executeTakeFirst();
  if (!file) throw badRequest('商标图样不存在，请重新上传');
  return { logo_path: wanted, logo_hash: hashForColumn(storedPictureHash(file)) };
}

/** The request's fields but the logo, which `logoColumns` writes. */
const withoutLogo = ({ logoPath: _logo, ...rest }: EditableFields): EditableFields => rest;

/** A mark entered by hand in the trademark info dialog (source 1), owned by whoever enters it unless another owner is named. */
export async function addBrand(db: ScopedDb, orgId: number, viewer: ArchiveViewer, values: BrandArchivesAddBrandRequest): Promise<Trademark> {
  await checkOwner(db, viewer, values.ownerUserId);
  if (!values.appNo.trim()) throw badRequest('请输入申请号');
  const changes = { ...columnChanges(withoutLogo(values), values.tmCl), ...(await logoColumns(db, values.logoPath, null)) };
  checkDateOrder(datesOf(changes as DateColumns));
  await checkUnique(db, (changes.country_code as string | undefined) ?? 'CN', changes.app_no as string, values.tmCl);
  const row = await db
    .insertInto('brand_archives')
    .values({
      ...(changes as Insertable<BrandArchivesTable>),
      org_id: orgId,
      source: 1,
      owner_user_id: viewer.ownMarksOnly ? viewer.userId : (values.ownerUserId ?? viewer.userId),
      created_by: viewer.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTrademark(row);
}

/**
 * The trademark info dialog's save: the fields the request names change, every other field (the
 * image, custom values and tags included) stays as stored; a mark linked to the register stays
 * linked. A request naming no field changes nothing, not even the time of the last change.
 */
export async function saveBrand(db: ScopedDb, viewer: ArchiveViewer, request: BrandArchivesSaveBrandRequest): Promise<Trademark> {
  const { id, ...values } = request;
  await checkOwner(db, viewer, values.ownerUserId);
  const [current] = await visibleMarksForChange(db, viewer, [id]);
  const tmCl = values.tmCl ?? current!.int_cls;
  const changes = { ...columnChanges(withoutLogo(values), tmCl), ...(await logoColumns(db, values.logoPath, current!.logo_path)) };
  // Goods kept as they are must still fit a changed class.
  if (values.tmCl !== undefined && values.goodsItems === undefined) columnChanges({ goodsItems: current!.goods }, tmCl);
  checkDateOrder(datesOf({ ...current!, ...(changes as DateColumns) }));
  const countryCode = (changes.country_code as string | undefined) ?? current!.country_code;
  const appNo = (changes.app_no as string | undefined) ?? current!.app_no;
  // Only a changed number, class or country can make a new duplicate (an existing one, e.g.
  // awaiting a merge, must not block editing the name).
  if (countryCode !== current!.country_code || appNo !== current!.app_no || tmCl !== current!.int_cls) {
    await checkUnique(db, countryCode, appNo, tmCl, id);
  }
  if (Object.keys(changes).length === 0) return toTrademark(current!);
  await db
    .updateTable('brand_archives')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  return toTrademark(await visibleMark(db, viewer, id));
}

/**
 * Several records' fields set to the same values. Each field may be named once; every record
 * must be visible and valid after the change, otherwise none changes (one transaction).
 */
export async function batchUpdateBrands(db: ScopedDb, viewer: ArchiveViewer, request: BrandArchivesBatchUpdateBrandsRequest): Promise<number> {
  // The marks first: naming one the viewer cannot touch is refused as such, whatever the fields say.
  const rows = await visibleMarksForChange(db, viewer, request.ids);
  const values: Partial<Record<EditableField, unknown>> = {};
  for (const { field, value } of request.fields) {
    if (!isEditableField(field)) throw badRequest(`不能批量修改的字段：${field}`);
    if (Object.hasOwn(values, field)) throw badRequest(`每个字段只能修改一次：${EDITABLE[field].title}`);
    if (value === undefined) throw badRequest(`请填写${EDITABLE[field].title}的新值`);
    values[field] = value;
  }
  await checkOwner(db, viewer, values.ownerUserId as number | null | undefined);
  for (const row of rows) {
    const tmCl = (values.tmCl as number | undefined) ?? row.int_cls;
    const changes = columnChanges(values, tmCl);
    if (values.tmCl !== undefined) columnChanges({ goodsItems: row.goods }, tmCl);
    try {
      checkDateOrder(datesOf({ ...row, ...(changes as DateColumns) }));
    } catch (error) {
      throw badRequest(`申请号 ${row.app_no}：${(error as Error).message}`);
    }
  }
  const changes = columnChanges(values, (values.tmCl as number | undefined) ?? null);
  const result = await db
    .updateTable('brand_archives')
    .set({ ...changes, updated_at: new Date() })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
