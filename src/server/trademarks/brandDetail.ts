import type { Selectable } from 'kysely';
import type { BrandArchivesTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { BrandArchivesQueryBrandDetailListResponse, GoodsItem } from '../../generated/types.js';
import { groupGoods } from '../../shared/goodsGroups.js';
import { filterArchive, orderArchive } from './archiveFilter.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { toTrademark } from './trademarkRecord.js';
import { visibleMark } from './visibleMarks.js';

/** Same-name marks shown with a detail; more would not be read on one page. */
const FAMILY_LIMIT = 50;

/**
 * The goods a detail shows. A foreign mark often comes without its goods list; it still covers
 * its class, so the class heading stands in as one item (spec 000 §3 "Brand detail").
 */
export function detailGoods(row: Pick<Selectable<BrandArchivesTable>, 'goods' | 'country_code' | 'int_cls'>, className: string | null): GoodsItem[] {
  if (row.goods.length > 0 || row.country_code === 'CN' || row.int_cls === null) return row.goods;
  const cls = String(row.int_cls).padStart(2, '0');
  return [{ code: cls, name: className ? `第${row.int_cls}类 ${className}` : `第${row.int_cls}类` }];
}

export async function brandDetail(db: ScopedDb, viewer: ArchiveViewer, id: number): Promise<BrandArchivesQueryBrandDetailListResponse> {
  const row = await visibleMark(db, viewer, id);
  const [classRow, register, family, owner] = await Promise.all([
    row.int_cls === null ? undefined : db.selectFrom('classification_classes').select('name').where('class_no', '=', row.int_cls).executeTakeFirst(),
    row.register_id === null
      ? undefined
      : db
          .selectFrom('tm_register')
          .select(['id', 'app_no', 'reg_no', 'tm_status', 'ori_tm_status', 'updated_at'])
          .where('id', '=', row.register_id)
          .executeTakeFirst(),
    row.tm_name
      ? orderArchive(
          (await filterArchive(db, db.selectFrom('brand_archives'), {}, viewer))
            .where('brand_archives.tm_name', '=', row.tm_name)
            .where('brand_archives.id', '<>', row.id)
            .selectAll('brand_archives'),
          {},
        )
          .limit(FAMILY_LIMIT)
          .execute()
      : [],
    row.owner_user_id === null ? undefined : db.selectFrom('users').select('display_name as name').where('id', '=', row.owner_user_id).executeTakeFirst(),
  ]);
  const goods = detailGoods(row, classRow?.name ?? null);
  return {
    detailVo: {
      record: toTrademark(row),
      tmItem: { goodsItem: goods, countryCode: row.country_code, tmCl: row.int_cls },
      brandCGInfo: groupGoods(goods),
      intClsOverse: row.int_cls === null ? [] : [{ tmCl: row.int_cls, name: classRow?.name ?? `第${row.int_cls}类` }],
      register: register
        ? {
            id: register.id,
            appNo: register.app_no,
            regNo: register.reg_no,
            tmStatus: register.tm_status,
            oriTmStatus: register.ori_tm_status,
            updatedAt: new Date(register.updated_at).toISOString(),
          }
        : null,
      family: family.map(toTrademark),
      ownerName: owner?.name ?? null,
    },
  };
}
