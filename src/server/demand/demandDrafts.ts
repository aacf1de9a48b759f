import type { DemandFile } from '../../generated/types.js';
import { fieldValue } from '../../shared/approvalFlow/flowWalk.js';
import { formFieldNames, formFieldTitles } from '../../shared/approvalFlow/formFields.js';
import { formProblems, problemText, type FormNode } from '../../shared/formRules.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest } from '../http/apiError.js';
import { addTrend, nextDemandNo, type DemandRow } from './demandStore.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { currentProposalType, type ProposalType } from './demandTypes.js';

/** The most a proposal's form data may hold, as JSON text. */
const FORM_DATA_LIMIT = 200_000;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Form data as a proposal keeps it: only the type form's fields, no value its rules refuse (a
 * pattern, a length, an option). A draft may leave fields empty; `complete` asks for every
 * required one too (a submission, or a proposal sent through a link, which cannot be edited later).
 */
export function checkFormData(type: ProposalType, data: Record<string, unknown>, complete: boolean): void {
  if (JSON.stringify(data).length > FORM_DATA_LIMIT) throw badRequest(`提案内容过大，不能超过 ${FORM_DATA_LIMIT / 1000} KB`);
  const titles = formFieldTitles(type.form as FormNode);
  const unknown = Object.keys(data).filter((name) => !titles.has(name));
  if (unknown.length > 0) throw badRequest(`提案内容中的字段“${unknown[0]}”不是${type.title}表单中的字段`);
  const problems = formProblems(type.form as FormNode, data).filter((p) => complete || !isEmpty(fieldValue(data, p.path)));
  if (problems.length > 0) throw badRequest(`提案内容有误：${problems.slice(0, 5).map(problemText).join('；')}`);
}

/** Attachments must be files the organisation uploaded. */
export async function checkFiles(db: ScopedDb, files: readonly DemandFile[], title = '附件'): Promise<void> {
  const paths = [...new Set(files.map((f) => f.filePath))];
  if (paths.length === 0) return;
  const found = new Set((await db.selectFrom('files').select('path').where('path', 'in', paths).execute()).map((r) => r.path));
  const missing = paths.find((p) => !found.has(p));
  if (missing !== undefined) throw badRequest(`${title}“${missing}”不存在，请重新上传`);
}

/** Marks must be the organisation's archive marks. */
export async function checkMarks(db: ScopedDb, brandIds: readonly number[]): Promise<void> {
  if (brandIds.length === 0) return;
  const found = new Set(
    (
      await db
        .selectFrom('brand_archives')
        .select('id')
        .where('id', 'in', [...brandIds])
        .execute()
    ).map((r) => r.id),
  );
  const missing = brandIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw badRequest(`涉及的商标（编号 ${missing.join('、')}）不存在或不属于本组织`);
}

/** Replaces the proposal's marks, keeping their order. */
export async function setMarks(db: ScopedDb, row: Pick<DemandRow, 'id' | 'org_id'>, brandIds: readonly number[]): Promise<void> {
  await db.deleteFrom('demand_marks').where('demand_id', '=', row.id).execute();
  const unique = [...new Set(brandIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('demand_marks')
    .values(unique.map((brandId, position) => ({ org_id: row.org_id, demand_id: row.id, brand_id: brandId, position })))
    .execute();
}

export interface NewDemand {
  type: ProposalType;
  title: string;
  formData: Record<string, unknown>;
  files: DemandFile[];
  submitterId: number | null;
  source: 'internal' | 'link';
  linkId?: number;
  contact?: { name: string; phone: string | null; email: string | null };
  clientIp?: string;
}

/** A new draft keeping the type version in effect now; its number is the organisation's next. */
export async function insertDemand(db: ScopedDb, orgId: number, draft: NewDemand): Promise<DemandRow> {
  const row = await db
    .insertInto('demands')
    .values({
      org_id: orgId,
      demand_no: await nextDemandNo(db, orgId),
      type_name: draft.type.name,
      type_version_id: draft.type.versionId,
      type_version: draft.type.version,
      title: draft.title,
      form_data: JSON.stringify(draft.formData),
      files: JSON.stringify(draft.files),
      submitter_id: draft.submitterId,
      source: draft.source,
      link_id: draft.linkId ?? null,
      contact: draft.contact ? JSON.stringify(draft.contact) : null,
      client_ip: draft.clientIp ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await addTrend(
    db,
    row,
    draft.submitterId,
    'create',
    draft.source === 'link' ? `经外部链接提交${draft.type.title}（联系人 ${draft.contact?.name ?? ''}）` : `新建${draft.type.title}`,
  );
  return row;
}

/**
 * A draft proposal started from another record (a letter, a gazette hit): of the type in effect now,
 * its form filled with those of `prefill`'s values that are the form's own fields and that its rules
 * take (a value it refuses is left for the submitter to fill), and `brandIds` listed as its marks.
 */
export async function startDraftProposal(
  db: ScopedDb,
  schemas: SchemaLibrary,
  owner: { orgId: number; userId: number },
  typeName: string,
  title: string,
  prefill: Record<string, unknown>,
  brandIds: readonly number[] = [],
): Promise<DemandRow> {
  const type = await currentProposalType(db, schemas, typeName);
  const fields = formFieldNames(type.form as FormNode);
  const formData: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(prefill)) {
    if (value === undefined || !fields.has(name)) continue;
    try {
      checkFormData(type, { [name]: value }, false);
      formData[name] = value;
    } catch {
      // left empty for the submitter to fill
    }
  }
  const row = await insertDemand(db, owner.orgId, { type, title: title.slice(0, 100), formData, files: [], submitterId: owner.userId, source: 'internal' });
  if (brandIds.length > 0) await setMarks(db, row, brandIds);
  return row;
}
