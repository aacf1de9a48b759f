import type { Trademark } from '../../generated/types.js';
import { FIELD_TITLES } from '../../generated/fieldTitles.js';

const TRADEMARK = FIELD_TITLES.Trademark;

/** The record fields compared between duplicates, with the names the dialog shows. */
const COMPARED: readonly [keyof Trademark, string][] = [
  ['tmName', TRADEMARK.tmName],
  ['tmLogoUrl', TRADEMARK.tmLogoUrl],
  ['tmStatus', TRADEMARK.tmStatus],
  ['oriTmStatus', TRADEMARK.oriTmStatus],
  ['countryCode', TRADEMARK.countryCode],
  ['appNo', TRADEMARK.appNo],
  ['regNo', TRADEMARK.regNo],
  ['tmCl', TRADEMARK.tmCl],
  ['tmType', TRADEMARK.tmType],
  ['applicant', TRADEMARK.applicant],
  ['applicantEn', TRADEMARK.applicantEn],
  ['applicantAddress', TRADEMARK.applicantAddress],
  ['applicantAddressEn', TRADEMARK.applicantAddressEn],
  ['agent', TRADEMARK.agent],
  ['agentEn', TRADEMARK.agentEn],
  ['agentAddress', TRADEMARK.agentAddress],
  ['agentAddressEn', TRADEMARK.agentAddressEn],
  ['appDate', TRADEMARK.appDate],
  ['prelimDate', TRADEMARK.prelimDate],
  ['announcementIssue', TRADEMARK.announcementIssue],
  ['regDate', TRADEMARK.regDate],
  ['regIssue', TRADEMARK.regIssue],
  ['privateEndDate', TRADEMARK.privateEndDate],
  ['submitWay', TRADEMARK.submitWay],
  ['goodsItems', TRADEMARK.goodsItems],
  ['goodsItemsEn', TRADEMARK.goodsItemsEn],
  ['source', TRADEMARK.source],
  ['customValues', TRADEMARK.customValues],
  ['remark', TRADEMARK.remark],
  ['ownerUserId', TRADEMARK.ownerUserId],
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
