import { logOperation } from '../accounts/operationLog.js';
import type { EnterpriseGroup } from '../../generated/types.js';
import type { HandlersOf } from '../http/context.js';
import { containsPattern } from '../db/likePattern.js';
import { badRequest, notFound } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import { sortKeys } from '../db/sortKeys.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { addressInStoredName, applicantDisplayName, storedApplicantName } from '../../shared/applicantName.js';
import { readApplicantEnglish, readFormerNames } from '../../shared/enterpriseTexts.js';
import { blankToNull, downloadUrl, findEnterprise, groupNamesOf, profileColumns, requireGroup, toEnterprise } from './enterpriseValues.js';
import { batchMove, deleteGroup, groupList, saveGroup } from './enterpriseGroups.js';

/** Request sort keys → columns (a sort preset may send several, comma-joined). */
const SORTABLE = { applicantName: 'applicant_name', displayName: 'applicant_name', applicantType: 'applicant_type', bookType: 'book_type', id: 'id' } as const;

const APPLICANT_TYPES: Record<number, string> = { 0: '个人', 1: '法人或其他组织' };
const BOOK_TYPES: Record<number, string> = { 1: '中国大陆', 2: '其他地区' };

async function refuseDuplicateName(db: ScopedDb, stored: string, applicantType: number, exceptId?: number): Promise<void> {
  const clash = await db
    .selectFrom('enterprises')
    .select('id')
    .where('applicant_name', '=', stored)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  if (clash) throw badRequest(`申请人“${applicantDisplayName(stored, applicantType)}”已存在`);
}

export const enterpriseHandlers: HandlersOf<'enterprise'> = {
  'enterprise.getList': async (body, ctx) => {
    let matching = ctx.db.selectFrom('enterprises');
    const name = body.applicantName?.trim();
    if (name) matching = matching.where('applicant_name', 'ilike', containsPattern(name));
    if (body.applicantType !== undefined) matching = matching.where('applicant_type', '=', body.applicantType);
    if (body.bookType !== undefined) matching = matching.where('book_type', '=', body.bookType);
    if (body.groupId !== undefined) matching = matching.where('group_id', '=', (await requireGroup(ctx.db, body.groupId)).id);
    if (body.ungrouped) matching = matching.where('group_id', 'is', null);
    const groupNames = await groupNamesOf(ctx.db);

    if (body.flatIs) {
      const keys = sortKeys(body.sortField, body.sortType, SORTABLE);
      let page = matching.selectAll();
      for (const [column, direction] of keys) page = page.orderBy(column, direction);
      // Ties (and an unsorted list) in the order the enterprises were added.
      if (!keys.some(([column]) => column === 'id')) page = page.orderBy('id');
      if (body.pageSize) {
        const { limit, offset } = pageWindow(body);
        page = page.limit(limit).offset(offset);
      }
      const [rows, total] = await Promise.all([page.execute(), countRows(matching.selectAll())]);
      return { groups: [], list: rows.map((r) => toEnterprise(r, groupNames)), count: total };
    }

    const rows = await matching.selectAll().orderBy('id').execute();
    const list = rows.map((r) => toEnterprise(r, groupNames));
    const nested: EnterpriseGroup[] = [...groupNames].map(([id, name]) => ({ id, name, children: list.filter((e) => e.groupId === id) }));
    const ungrouped = list.filter((e) => e.groupId === null);
    if (ungrouped.length > 0) nested.push({ id: null, name: '未分组', children: ungrouped });
    return { groups: nested, list: [], count: list.length };
  },

  'enterprise.saveInfo': async (body, ctx) => {
    const given = body.applicantName.trim();
    if (!given) throw badRequest('申请人名称不能为空');
    const address = blankToNull(body.applicantAddress) ?? addressInStoredName(given, body.applicantType);
    const name = storedApplicantName(given, address, body.applicantType);
    await refuseDuplicateName(ctx.db, name, body.applicantType, body.id);
    // Any number given, 0 included, must name one of the organisation's groups.
    if (body.groupId !== undefined && body.groupId !== null) await requireGroup(ctx.db, body.groupId);
    const values = {
      group_id: body.groupId ?? null,
      applicant_type: body.applicantType,
      book_type: body.bookType,
      applicant_name: name,
      applicant_address: address,
      post_code: blankToNull(body.postCode),
      legal_person: blankToNull(body.legalPerson),
      certificate_no: blankToNull(body.certificateNo),
      // A save replaces the record; the fields a form of the list may not carry (English information,
      // former names, pictures, superior number) stay as stored when left out.
      ...(await profileColumns(ctx.db, { ...body, applicantCreditCode: body.applicantCreditCode ?? null })),
    };
    const row =
      body.id === undefined
        ? await ctx.db
            .insertInto('enterprises')
            .values({ org_id: ctx.session.orgId, ...values })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await ctx.db.updateTable('enterprises').set(values).where('id', '=', body.id).returningAll().executeTakeFirst();
    if (!row) throw notFound('企业不存在');
    await logOperation(ctx, 'enterprise.saveInfo', { id: row.id, applicantName: name, created: body.id === undefined });
    return toEnterprise(row, await groupNamesOf(ctx.db));
  },

  'enterprise.getCompanyDetailInfo': async (body, ctx) => {
    const row = await findEnterprise(ctx.db, body.id);
    const groupNames = await groupNamesOf(ctx.db);
    const enterprise = toEnterprise(row, groupNames);
    // Stored texts were checked when saved; one that no longer reads shows as none rather than failing the page.
    const english = readApplicantEnglish(row.applicant_english ?? '').value;
    return {
      enterprise,
      groupName: enterprise.groupName ?? '未分组',
      applicantTypeName: APPLICANT_TYPES[row.applicant_type] ?? String(row.applicant_type),
      bookTypeName: BOOK_TYPES[row.book_type] ?? String(row.book_type),
      englishName: english?.name ?? '',
      englishAddress: english?.address ?? '',
      formerNames: readFormerNames(row.used_applicant_param ?? '').value ?? [],
      businessLicenseUrl: downloadUrl(row.business_license),
      idPhotoUrl: downloadUrl(row.id_photo),
    };
  },

  'enterprise.modifyInfo': async (body, ctx) => {
    const { id, ...changes } = body;
    const row = await findEnterprise(ctx.db, id);
    if (Object.keys(changes).length === 0) throw badRequest('没有需要保存的修改');
    if (changes.displayName !== undefined && !changes.displayName.trim()) throw badRequest('申请人名称不能为空');
    const applicantType = changes.applicantType ?? row.applicant_type;
    const address = changes.applicantAddress !== undefined ? blankToNull(changes.applicantAddress) : row.applicant_address;
    const displayName = changes.displayName?.trim() ?? applicantDisplayName(row.applicant_name, row.applicant_type);
    const name = storedApplicantName(displayName, address, applicantType);
    if (name !== row.applicant_name) await refuseDuplicateName(ctx.db, name, applicantType, id);
    if (changes.groupId !== undefined && changes.groupId !== null) await requireGroup(ctx.db, changes.groupId);
    const set = {
      applicant_name: name,
      applicant_type: applicantType,
      book_type: changes.bookType ?? row.book_type,
      applicant_address: address,
      post_code: changes.postCode === undefined ? row.post_code : blankToNull(changes.postCode),
      legal_person: changes.legalPerson === undefined ? row.legal_person : blankToNull(changes.legalPerson),
      certificate_no: changes.certificateNo === undefined ? row.certificate_no : blankToNull(changes.certificateNo),
      ...(changes.groupId === undefined ? {} : { group_id: changes.groupId }),
      ...(await profileColumns(ctx.db, changes)),
    };
    const updated = await ctx.db.updateTable('enterprises').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await logOperation(ctx, 'enterprise.modifyInfo', { id, fields: Object.keys(changes) });
    return toEnterprise(updated, await groupNamesOf(ctx.db));
  },

  'enterprise.deleteInfo': async (body, ctx) => {
    const row = await findEnterprise(ctx.db, body.id);
    await ctx.db.deleteFrom('enterprises').where('id', '=', body.id).execute();
    await logOperation(ctx, 'enterprise.deleteInfo', { id: body.id, applicantName: row.applicant_name });
    return null;
  },

  'enterprise.groupList': (_body, ctx) => groupList(ctx),
  'enterprise.groupManagement': (body, ctx) => saveGroup(ctx, body),
  'enterprise.deleteGroup': (body, ctx) => deleteGroup(ctx, body),
  'enterprise.batchMove': (body, ctx) => batchMove(ctx, body),
};
