import type { Updateable } from 'kysely';
import type { BrandArchivesTable } from '../db/tables.js';
import type { BrandArchivesSaveBrandRequest, GoodsItem } from '../../generated/types.js';
import { badRequest } from '../http/apiError.js';
import { namePinyin } from './namePinyin.js';
import { FIELD_TITLES } from '../../generated/fieldTitles.js';
import { countryCatalog } from '../countries/countryCatalog.js';

const TRADEMARK = FIELD_TITLES.Trademark;

/** The standard fields of an archive record a person may edit, as the API names them. */
export type EditableFields = Omit<BrandArchivesSaveBrandRequest, 'id'>;
export type EditableField = keyof EditableFields;

type Kind = 'text' | 'nullableText' | 'date' | 'class' | 'goods' | 'owner';
interface FieldSpec {
  title: string;
  column: keyof BrandArchivesTable;
  kind: Kind;
  max?: number;
}

/** Each editable field: its Chinese title (for messages), its column and how it is checked. */
export const EDITABLE: Record<EditableField, FieldSpec> = {
  tmName: { title: TRADEMARK.tmName, column: 'tm_name', kind: 'text', max: 200 },
  appNo: { title: TRADEMARK.appNo, column: 'app_no', kind: 'text', max: 50 },
  regNo: { title: TRADEMARK.regNo, column: 'reg_no', kind: 'nullableText', max: 50 },
  tmCl: { title: TRADEMARK.tmCl, column: 'int_cls', kind: 'class' },
  countryCode: { title: TRADEMARK.countryCode, column: 'country_code', kind: 'text', max: 10 },
  tmType: { title: TRADEMARK.tmType, column: 'tm_type', kind: 'text', max: 20 },
  tmStatus: { title: TRADEMARK.tmStatus, column: 'tm_status', kind: 'text', max: 20 },
  oriTmStatus: { title: TRADEMARK.oriTmStatus, column: 'ori_tm_status', kind: 'text', max: 50 },
  applicant: { title: TRADEMARK.applicant, column: 'applicant_cn', kind: 'text', max: 200 },
  applicantEn: { title: TRADEMARK.applicantEn, column: 'applicant_en', kind: 'text', max: 200 },
  applicantAddress: { title: TRADEMARK.applicantAddress, column: 'applicant_address', kind: 'text', max: 300 },
  applicantAddressEn: { title: TRADEMARK.applicantAddressEn, column: 'applicant_address_en', kind: 'text', max: 300 },
  agent: { title: TRADEMARK.agent, column: 'agent', kind: 'text', max: 200 },
  agentEn: { title: TRADEMARK.agentEn, column: 'agent_en', kind: 'text', max: 200 },
  agentAddress: { title: TRADEMARK.agentAddress, column: 'agent_address', kind: 'text', max: 300 },
  agentAddressEn: { title: TRADEMARK.agentAddressEn, column: 'agent_address_en', kind: 'text', max: 300 },
  appDate: { title: TRADEMARK.appDate, column: 'app_date', kind: 'date' },
  prelimDate: { title: TRADEMARK.prelimDate, column: 'prelim_date', kind: 'date' },
  announcementIssue: { title: TRADEMARK.announcementIssue, column: 'announcement_issue', kind: 'text', max: 20 },
  regDate: { title: TRADEMARK.regDate, column: 'reg_date', kind: 'date' },
  regIssue: { title: TRADEMARK.regIssue, column: 'reg_issue', kind: 'text', max: 20 },
  privateEndDate: { title: TRADEMARK.privateEndDate, column: 'private_end_date', kind: 'date' },
  submitWay: { title: TRADEMARK.submitWay, column: 'submit_way', kind: 'text', max: 20 },
  goodsItems: { title: TRADEMARK.goodsItems, column: 'goods', kind: 'goods' },
  goodsItemsEn: { title: TRADEMARK.goodsItemsEn, column: 'goods_en', kind: 'goods' },
  remark: { title: TRADEMARK.remark, column: 'remark', kind: 'text', max: 1000 },
  ownerUserId: { title: TRADEMARK.ownerUserId, column: 'owner_user_id', kind: 'owner' },
  logoPath: { title: '商标图样', column: 'logo_path', kind: 'nullableText', max: 500 },
};

export const isEditableField = (name: string): name is EditableField => Object.hasOwn(EDITABLE, name);

/** A real calendar day written YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The class a goods group code belongs to: "0901" → 9. */
const groupClass = (code: string): number | null => (/^\d{4}$/.test(code) ? Number(code.slice(0, 2)) : null);

function checkGoods(title: string, value: unknown, tmCl: number | null | undefined): GoodsItem[] {
  if (!Array.isArray(value)) throw badRequest(`${title}应为商品项列表`);
  return value.map((raw, i) => {
    const item = raw as Partial<GoodsItem> | null;
    const name = typeof item?.name === 'string' ? item.name.trim() : '';
    if (!name) throw badRequest(`${title}第 ${i + 1} 项缺少名称`);
    if (name.length > 200) throw badRequest(`${title}第 ${i + 1} 项的名称不能超过 200 个字符`);
    const code = typeof item?.code === 'string' ? item.code.trim() : '';
    if (code.length > 10) throw badRequest(`${title}第 ${i + 1} 项的类似群不能超过 10 个字符`);
    const cls = groupClass(code);
    if (cls !== null && tmCl != null && cls !== tmCl) throw badRequest(`${title}第 ${i + 1} 项的类似群 ${code} 不属于第 ${tmCl} 类`);
    if (item?.mark !== undefined && item.mark !== 1 && item.mark !== 2) throw badRequest(`${title}第 ${i + 1} 项的标记只能是 1 或 2`);
    return item?.mark ? { code, name, mark: item.mark } : { code, name };
  });
}

/** One field's value checked and converted to its column's value; the message names the field. */
function columnValue(field: EditableField, value: unknown, tmCl: number | null | undefined): unknown {
  const spec = EDITABLE[field];
  switch (spec.kind) {
    case 'text': {
      if (typeof value !== 'string') throw badRequest(`${spec.title}应为文字`);
      const text = value.trim();
      if (text.length > spec.max!) throw badRequest(`${spec.title}不能超过 ${spec.max} 个字符`);
      if ((field === 'appNo' || field === 'countryCode') && !text) throw badRequest(`请输入${spec.title}`);
      if (field !== 'countryCode') return text;
      // A code of the country list (the picker's), as an import takes: anything else names no country.
      const code = text.toUpperCase();
      if (!countryCatalog().has(code)) throw badRequest(`${spec.title}“${text}”不在国家和地区列表中`);
      return code;
    }
    case 'nullableText': {
      if (value === null || value === '') return null;
      if (typeof value !== 'string') throw badRequest(`${spec.title}应为文字`);
      if (value.trim().length > spec.max!) throw badRequest(`${spec.title}不能超过 ${spec.max} 个字符`);
      return value.trim() || null;
    }
    case 'date': {
      if (value === null || value === '') return null;
      if (typeof value !== 'string' || !isCalendarDate(value)) throw badRequest(`${spec.title}不是有效的日期（YYYY-MM-DD）`);
      return value;
    }
    case 'class': {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 45) throw badRequest(`${spec.title}应为 1 到 45 之间的整数`);
      return value;
    }
    case 'goods':
      return JSON.stringify(checkGoods(spec.title, value, tmCl));
    case 'owner': {
      if (value === null) return null;
      if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest(`${spec.title}无效`);
      return value;
    }
  }
}

/** Dates that must not run backwards, checked on the record as it will be after the edit. */
const DATE_ORDER: [EditableField, EditableField][] = [
  ['appDate', 'prelimDate'],
  ['appDate', 'regDate'],
  ['regDate', 'privateEndDate'],
];

export interface DatesAfterEdit {
  appDate: string | null;
  prelimDate: string | null;
  regDate: string | null;
  privateEndDate: string | null;
}

export function checkDateOrder(dates: DatesAfterEdit): void {
  for (const [earlier, later] of DATE_ORDER) {
    const a = dates[earlier as keyof DatesAfterEdit];
    const b = dates[later as keyof DatesAfterEdit];
    if (a && b && a > b) throw badRequest(`${EDITABLE[later].title}不能早于${EDITABLE[earlier].title}`);
  }
}

/**
 * The column changes for a set of field values. `tmCl` is the class the record will have, so
 * goods items are checked against it.
 */
export function columnChanges(values: Partial<Record<EditableField, unknown>>, tmCl: number | null | undefined): Updateable<BrandArchivesTable> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined || !isEditableField(field)) continue;
    changes[EDITABLE[field].column] = columnValue(field, value, tmCl);
  }
  if (typeof changes.tm_name === 'string') changes.tm_name_pinyin = namePinyin(changes.tm_name);
  return changes as Updateable<BrandArchivesTable>;
}
