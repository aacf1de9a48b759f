import type { Selectable } from 'kysely';
import { logOperation } from '../accounts/operationLog.js';
import type { Enterprise, EnterpriseGroup } from '../../generated/types.js';
import type { HandlersOf } from '../http/context.js';
import { containsPattern } from '../db/likePattern.js';
import { badRequest, notFound } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import type { EnterprisesTable } from '../db/tables.js';
import { sortKeys } from '../db/sortKeys.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { addressInStoredName, applicantDisplayName, storedApplicantName } from '../../shared/applicantName.js';

/** Request sort keys → columns (a sort preset may send several, comma-joined). */
const SORTABLE = { applicantName: 'applicant_name', displayName: 'applicant_name', applicantType: 'applicant_type', bookType: 'book_type', id: 'id' } as const;

const toEnterprise = (r: Selectable<EnterprisesTable>): Enterprise => ({
  id: r.id,
  groupId: r.group_id,
  applicantType: r.applicant_type,
  bookType: r.book_type,
  applicantName: r.applicant_name,
  displayName: applicantDisplayName(r.applicant_name, r.applicant_type),
  applicantAddress: r.applicant_address,
  postCode: r.post_code,
  applicantCreditCode: r.applicant_credit_code,
  legalPerson: r.legal_person,
  certificateNo: r.certificate_no,
});

const APPLICANT_TYPES: Record<number, string> = { 0: '个人', 1: '法人或其他组织' };
const BOOK_TYPES: Record<number, string> = { 1: '中国大陆', 2: '其他地区' };

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

async function findEnterprise(db: ScopedDb, id: number): Promise<Selectable<EnterprisesTable>> {
  const row = await db.selectFrom('enterprises').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('企业不存在');
  return row;
}

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
      return { groups: [], list: rows.map(toEnterprise), count: total };
    }

    const [rows, groups] = await Promise.all([
      matching.selectAll().orderBy('id').execute(),
      ctx.db.selectFrom('enterprise_groups').select(['id', 'name']).orderBy('id').execute(),
    ]);
    const list = rows.map(toEnterprise);
    const nested: EnterpriseGroup[] = groups.map((g) => ({ id: g.id, name: g.name, children: list.filter((e) => e.groupId === g.id) }));
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
    if (body.groupId !== undefined && body.groupId !== null) {
      const group = await ctx.db.selectFrom('enterprise_groups').select('id').where('id', '=', body.groupId).executeTakeFirst();
      if (!group) throw badRequest('所属分组不存在');
    }
    const values = {
      group_id: body.groupId ?? null,
      applicant_type: body.applicantType,
      book_type: body.bookType,
      applicant_name: name,
      applicant_address: address,
      post_code: blankToNull(body.postCode),
      applicant_credit_code: blankToNull(body.applicantCreditCode),
      legal_person: blankToNull(body.legalPerson),
      certificate_no: blankToNull(body.certificateNo),
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
    return toEnterprise(row);
  },

  'enterprise.getCompanyDetailInfo': async (body, ctx) => {
    const row = await findEnterprise(ctx.db, body.id);
    const group =
      row.group_id === null ? undefined : await ctx.db.selectFrom('enterprise_groups').select('name').where('id', '=', row.group_id).executeTakeFirst();
    return {
      enterprise: toEnterprise(row),
      groupName: group?.name ?? '未分组',
      applicantTypeName: APPLICANT_TYPES[row.applicant_type] ?? String(row.applicant_type),
      bookTypeName: BOOK_TYPES[row.book_type] ?? String(row.book_type),
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
    const set = {
      applicant_name: name,
      applicant_type: applicantType,
      book_type: changes.bookType ?? row.book_type,
      applicant_address: address,
      post_code: changes.postCode === undefined ? row.post_code : blankToNull(changes.postCode),
      applicant_credit_code: changes.applicantCreditCode === undefined ? row.applicant_credit_code : blankToNull(changes.applicantCreditCode),
      legal_person: changes.legalPerson === undefined ? row.legal_person : blankToNull(changes.legalPerson),
      certificate_no: changes.certificateNo === undefined ? row.certificate_no : blankToNull(changes.certificateNo),
    };
    const updated = await ctx.db.updateTable('enterprises').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await logOperation(ctx, 'enterprise.modifyInfo', { id, fields: Object.keys(changes) });
    return toEnterprise(updated);
  },

  'enterprise.deleteInfo': async (body, ctx) => {
    const row = await findEnterprise(ctx.db, body.id);
    await ctx.db.deleteFrom('enterprises').where('id', '=', body.id).execute();
    await logOperation(ctx, 'enterprise.deleteInfo', { id: body.id, applicantName: row.applicant_name });
    return null;
  },
};
