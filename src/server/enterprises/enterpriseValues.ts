import type { Selectable, Updateable } from 'kysely';
import type { Enterprise } from '../../generated/types.js';
import type { EnterprisesTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest, notFound } from '../http/apiError.js';
import { applicantDisplayName } from '../../shared/applicantName.js';
import { creditCodeProblem } from '../../shared/creditCode.js';
import { applicantEnglishText, formerNamesText, readApplicantEnglish, readFormerNames } from '../../shared/enterpriseTexts.js';

export type EnterpriseRow = Selectable<EnterprisesTable>;

/** The one certificate type of the save payload (spec 000 §3). */
export const CERTIFICATE_TYPE = 1;

export const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

export function toEnterprise(r: EnterpriseRow, groupNames: ReadonlyMap<number, string>): Enterprise {
  return {
    id: r.id,
    groupId: r.group_id,
    groupName: r.group_id === null ? null : (groupNames.get(r.group_id) ?? null),
    applicantType: r.applicant_type,
    bookType: r.book_type,
    applicantName: r.applicant_name,
    displayName: applicantDisplayName(r.applicant_name, r.applicant_type),
    applicantAddress: r.applicant_address,
    postCode: r.post_code,
    applicantCreditCode: r.applicant_credit_code,
    legalPerson: r.legal_person,
    certificateNo: r.certificate_no,
    certificateType: CERTIFICATE_TYPE,
    superiorNo: r.superior_no,
    applicantEnglish: r.applicant_english,
    usedApplicantParam: r.used_applicant_param,
    businessLicense: r.business_license,
    idPhoto: r.id_photo,
  };
}

export async function groupNamesOf(db: ScopedDb): Promise<Map<number, string>> {
  const groups = await db.selectFrom('enterprise_groups').select(['id', 'name']).orderBy('id').execute();
  return new Map(groups.map((g) => [g.id, g.name]));
}

export async function findEnterprise(db: ScopedDb, id: number): Promise<EnterpriseRow> {
  const row = await db.selectFrom('enterprises').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('企业不存在');
  return row;
}

/** One of the organisation's groups; any other number, 0 included, is refused naming the field. */
export async function requireGroup(db: ScopedDb, id: number, title = '所属分组'): Promise<{ id: number; name: string }> {
  const group = await db.selectFrom('enterprise_groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!group) throw badRequest(`${title}不存在`);
  return group;
}

/** The payload's fields besides name, type and address, as a save or a change gives them (absent: unchanged). */
export interface ProfileFields {
  applicantCreditCode?: string | null;
  superiorNo?: number | null;
  applicantEnglish?: string | null;
  usedApplicantParam?: string | null;
  businessLicense?: string | null;
  idPhoto?: string | null;
}

const PICTURES = /\.(jpe?g|png)$/i;

/** A picture the organisation uploaded: another organisation's path, or none, is refused naming the field. */
async function pictureColumn(db: ScopedDb, path: string | null | undefined, title: string): Promise<string | null | undefined> {
  if (path === undefined) return undefined;
  const wanted = blankToNull(path);
  if (wanted === null) return null;
  const file = await db.selectFrom('files').select('path').where('path', '=', wanted).executeTakeFirst();
  if (!file) throw badRequest(`${title}不存在，请重新上传`);
  if (!PICTURES.test(wanted)) throw badRequest(`${title}只能是 jpg、jpeg、png 格式的图片`);
  return wanted;
}

function jsonTextColumn<T>(
  text: string | null | undefined,
  read: (text: string) => { value: T; problem: null } | { value: null; problem: string },
  write: (value: T) => string | null,
): string | null | undefined {
  if (text === undefined) return undefined;
  if (text === null) return null;
  const result = read(text);
  if (result.problem !== null) throw badRequest(result.problem);
  return write(result.value);
}

/**
 * The columns for the fields given, each checked: the credit code by its check character, the
 * JSON texts by their shape (stored in one canonical form), the pictures as the organisation's own.
 */
export async function profileColumns(db: ScopedDb, fields: ProfileFields): Promise<Updateable<EnterprisesTable>> {
  const out: Updateable<EnterprisesTable> = {};
  if (fields.applicantCreditCode !== undefined) {
    const code = blankToNull(fields.applicantCreditCode);
    const problem = code === null ? null : creditCodeProblem(code);
    if (problem) throw badRequest(problem);
    out.applicant_credit_code = code;
  }
  if (fields.superiorNo !== undefined) out.superior_no = fields.superiorNo;
  const english = jsonTextColumn(fields.applicantEnglish, readApplicantEnglish, applicantEnglishText);
  if (english !== undefined) out.applicant_english = english;
  const former = jsonTextColumn(fields.usedApplicantParam, readFormerNames, formerNamesText);
  if (former !== undefined) out.used_applicant_param = former;
  const licence = await pictureColumn(db, fields.businessLicense, '营业执照');
  if (licence !== undefined) out.business_license = licence;
  const photo = await pictureColumn(db, fields.idPhoto, '身份证件照片');
  if (photo !== undefined) out.id_photo = photo;
  return out;
}

export const downloadUrl = (path: string | null) => (path ? `/api/file/download?path=${encodeURIComponent(path)}` : null);
