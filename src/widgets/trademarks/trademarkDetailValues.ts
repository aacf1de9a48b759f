import type { BrandArchivesQueryBrandDetailListResponse } from '../../generated/types.js';
import { DEFAULT_COUNTRY, DEFAULT_SUBMIT_WAY, markName } from './trademarkText.js';

type DetailReply = BrandArchivesQueryBrandDetailListResponse['detailVo'];

/**
 * What the detail's field sections (the form schema `trademarkDetail`) show: the record's fields,
 * the name and defaults as the archive shows them, and the words for what is not a field of the
 * record (the person responsible, the register link, the English goods).
 */
export function detailValues({ record, register, ownerName }: DetailReply): Record<string, unknown> {
  return {
    ...record,
    tmName: markName(record),
    countryCode: record.countryCode || DEFAULT_COUNTRY,
    submitWay: record.submitWay || DEFAULT_SUBMIT_WAY,
    source: record.source ?? 1,
    ownerName,
    register: register ? `已关联（${register.tmStatus}，更新于 ${register.updatedAt.slice(0, 10)}）` : '未关联',
    goodsItemsEn: record.goodsItemsEn?.map((g) => `${g.code} ${g.name}`.trim()).join('；') ?? '',
  };
}
