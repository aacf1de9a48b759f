import type { Selectable } from 'kysely';
import type { TmRegisterTable } from '../db/tables.js';
import type { TmSearchResult, Trademark } from '../../generated/types.js';
import { groupGoods } from '../../shared/goodsGroups.js';
import { logoUrl, sharedRecordFields } from './trademarkRecord.js';
import type { ResultRow } from './registerQuery.js';

/** A matched row as the search result record (spec 000 §3 "Trademark search result"). */
export function toSearchResult(row: ResultRow): TmSearchResult {
  return {
    scope: row.scope,
    id: row.id,
    registerId: row.register_id,
    tm_name: row.tm_name,
    app_no: row.app_no,
    reg_no: row.reg_no,
    tmCl: row.int_cls,
    tmStatus: row.tm_status,
    applicant: row.applicant_cn,
    countryCode: row.country_code,
    appDate: row.app_date,
    regDate: row.reg_date,
    tmLogoUrl: logoUrl(row.logo_path),
    goodsItem: row.goods,
    brandCGInfo: groupGoods(row.goods),
    brandCGInfoEn: groupGoods(row.goods_en),
  };
}

/**
 * A register row as the full trademark record: its id stands for both the record and the register
 * entry, its source is the public register (0), and it has none of an archive's own data.
 */
export function registerToTrademark(row: Selectable<TmRegisterTable>): Trademark {
  const updated = new Date(row.updated_at).toISOString();
  // Assigned onto the shared fields rather than spread with them: see toTrademark.
  return Object.assign(sharedRecordFields(row), {
    id: row.id,
    registerId: row.id,
    source: 0 as const,
    newTmName: '',
    agentAddress: '',
    agentAddressEn: '',
    customValues: {},
    remark: '',
    ownerUserId: null,
    createdAt: updated,
    updatedAt: updated,
  });
}
