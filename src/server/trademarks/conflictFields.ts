import type { Trademark } from '../../generated/types.js';

/** The record fields compared between duplicates, with the names the dialog shows. */
const COMPARED: readonly [keyof Trademark, string][] = [
  ['tmName', '商标名称'],
  ['tmLogoUrl', '商标图样'],
  ['tmStatus', '商标状态'],
  ['oriTmStatus', '流程状态'],
  ['countryCode', '国家/地区'],
  ['appNo', '申请号'],
  ['regNo', '注册号'],
  ['tmCl', '类别'],
  ['tmType', '商标类型'],
  ['applicant', '申请人'],
  ['applicantEn', '申请人（英文）'],
  ['applicantAddress', '申请人地址'],
  ['applicantAddressEn', '申请人地址（英文）'],
  ['agent', '代理机构'],
  ['agentEn', '代理机构（英文）'],
  ['agentAddress', '代理机构地址'],
  ['agentAddressEn', '代理机构地址（英文）'],
  ['appDate', '申请日期'],
  ['prelimDate', '初审公告日期'],
  ['announcementIssue', '初审公告期号'],
  ['regDate', '注册日期'],
  ['regIssue', '注册公告期号'],
  ['privateEndDate', '专用权截止日期'],
  ['submitWay', '申请方式'],
  ['goodsItems', '商品/服务项目'],
  ['goodsItemsEn', '商品/服务项目（英文）'],
  ['source', '来源'],
  ['customValues', '自定义字段值'],
  ['remark', '备注'],
  ['ownerUserId', '负责人'],
];

export interface ConflictField {
  field: string;
  label: string;
  values: { id: number; value: string }[];
}

/** A value as the dialog shows it. */
function displayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => v && typeof v === 'object' && 'name' in v)) return value.map((v: { name: string }) => v.name).join('；');
  return JSON.stringify(value);
}

/** Fields whose values are not all the same among the marks (compared as JSON). */
export function conflictFields(marks: readonly Trademark[]): ConflictField[] {
  const out: ConflictField[] = [];
  for (const [field, label] of COMPARED) {
    const raw = marks.map((m) => JSON.stringify(m[field] ?? null));
    if (new Set(raw).size > 1) out.push({ field, label, values: marks.map((m) => ({ id: m.id, value: displayText(m[field]) })) });
  }
  return out;
}
