import type { Selectable } from 'kysely';
import type { TmRegisterTable } from '../db/tables.js';
import type { TmSearchResult, Trademark } from '../../generated/types.js';
import { groupGoods } from '../../shared/goodsGroups.js';
import { graceEndDate } from '../../shared/trademarkDates.js';
import { logoUrl } from './trademarkRecord.js';
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
  return {
    id: row.id,
    registerId: row.id,
    source: 0,
    countryCode: row.country_code,
    appNo: row.app_no,
    regNo: row.reg_no,
    tmCl: row.int_cls,
    tmName: row.tm_name,
    newTmName: '',
    tmType: row.tm_type,
    tmStatus: row.tm_status,
    oriTmStatus: row.ori_tm_status,
    tmLogoUrl: logoUrl(row.logo_path),
    applicant: row.applicant_cn,
    applicantEn: row.applicant_en,
    applicantAddress: row.applicant_address,
    applicantAddressEn: row.applicant_address_en,
    agent: row.agent,
    agentEn: row.agent_en,
    agentAddress: '',
    agentAddressEn: '',
    appDate: row.app_date,
    prelimDate: row.prelim_date,
    announcementIssue: row.announcement_issue,
    regDate: row.reg_date,
    regIssue: row.reg_issue,
    privateEndDate: row.private_end_date,
    graceEndDate: graceEndDate(row.private_end_date),
    submitWay: row.submit_way,
    goodsItems: row.goods,
    goodsItemsEn: row.goods_en,
    goodServices: groupGoods(row.goods),
    customValues: {},
    remark: '',
    ownerUserId: null,
    createdAt: updated,
    updatedAt: updated,
  };
}
