import type { BrandArchivesAddBrandRequest, BrandArchivesSaveBrandRequest, Trademark } from '../../generated/types.js';
import { goodsToText, textToGoods } from './goodsText.js';
import { DEFAULT_COUNTRY, DEFAULT_SUBMIT_WAY } from './trademarkText.js';

export const DATE_FIELDS = ['appDate', 'prelimDate', 'regDate', 'privateEndDate'] as const;
export const TEXT_FIELDS = [
  'tmName',
  'appNo',
  'regNo',
  'tmStatus',
  'oriTmStatus',
  'tmType',
  'submitWay',
  'applicant',
  'applicantEn',
  'applicantAddress',
  'applicantAddressEn',
  'agent',
  'agentEn',
  'agentAddress',
  'agentAddressEn',
  'announcementIssue',
  'regIssue',
  'remark',
] as const;

type TextField = (typeof TEXT_FIELDS)[number];
type DateField = (typeof DATE_FIELDS)[number];

/** The trademark info form's values: texts, dates as YYYY-MM-DD (null when empty), goods as editable text. */
export type TrademarkFormValues = Partial<Record<TextField, string>> &
  Partial<Record<DateField, string | null>> & { tmCl?: number | null; countryCode?: string; goodsText?: string; goodsTextEn?: string };

/** The request fields the form edits (everything the save call takes but the id, the owner and the logo). */
export type TrademarkFormRequest = Omit<BrandArchivesSaveBrandRequest, 'id' | 'ownerUserId' | 'logoPath'>;

/** The form's starting values: a new mark's defaults, or the record's fields. */
export function formValuesOf(record: Trademark | null): TrademarkFormValues {
  if (!record) return { countryCode: DEFAULT_COUNTRY, submitWay: DEFAULT_SUBMIT_WAY, tmType: '普通商标' };
  const values: TrademarkFormValues = {
    tmCl: record.tmCl ?? undefined,
    countryCode: record.countryCode,
    goodsText: goodsToText(record.goodsItems),
    goodsTextEn: goodsToText(record.goodsItemsEn ?? []),
  };
  for (const f of TEXT_FIELDS) values[f] = (record[f] as string | null | undefined) ?? '';
  for (const f of DATE_FIELDS) values[f] = record[f] || null;
  return values;
}

/**
 * Each field of the form as the save call takes it; goods keep the deleted marks of `before`. A
 * field the values do not hold (not on the form) is left out, never sent as empty.
 */
export function requestOf(values: TrademarkFormValues, before: Trademark | null): TrademarkFormRequest {
  const body: TrademarkFormRequest = {};
  for (const f of TEXT_FIELDS) if (values[f] !== undefined) body[f] = (values[f] ?? '').trim();
  if (values.regNo !== undefined) body.regNo = values.regNo?.trim() || null;
  for (const f of DATE_FIELDS) if (values[f] !== undefined) body[f] = values[f] || null;
  if (values.tmCl !== undefined && values.tmCl !== null) body.tmCl = values.tmCl;
  if (values.countryCode !== undefined) body.countryCode = values.countryCode || DEFAULT_COUNTRY;
  if (values.goodsText !== undefined) body.goodsItems = textToGoods(values.goodsText ?? '', before?.goodsItems ?? []);
  if (values.goodsTextEn !== undefined) body.goodsItemsEn = textToGoods(values.goodsTextEn ?? '', before?.goodsItemsEn ?? []);
  return body;
}

/** A new mark's request: the fields the person filled in. */
export function newMarkRequest(values: TrademarkFormValues): Omit<BrandArchivesAddBrandRequest, 'logoPath'> {
  return requestOf(values, null) as Omit<BrandArchivesAddBrandRequest, 'logoPath'>;
}

/**
 * Only the fields the person changed, compared as the save call would take them, so a field left
 * alone is never sent: whatever the form cannot show exactly (goods it groups, text it trims)
 * stays as stored.
 */
export function changedFields(record: Trademark, values: TrademarkFormValues): Partial<TrademarkFormRequest> {
  const before = requestOf(formValuesOf(record), record);
  const after = requestOf(values, record);
  const changes: Partial<TrademarkFormRequest> = {};
  for (const key of Object.keys(after) as (keyof TrademarkFormRequest)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) (changes as Record<string, unknown>)[key] = after[key];
  }
  return changes;
}
