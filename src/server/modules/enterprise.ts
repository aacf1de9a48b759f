import type { Selectable } from 'kysely';
import type { Enterprise, EnterpriseGroup } from '../../generated/types.js';
import type { HandlersOf } from '../http/context.js';
import { containsPattern } from '../db/likePattern.js';
import { badRequest, notFound } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import type { EnterprisesTable } from '../db/tables.js';
import { sortKeys } from '../db/sortKeys.js';

/** Request sort keys → columns (a sort preset may send several, comma-joined). */
const SORTABLE = { applicantName: 'applicant_name', applicantType: 'applicant_type', bookType: 'book_type', id: 'id' } as const;

const toEnterprise = (r: Selectable<EnterprisesTable>): Enterprise => ({
  id: r.id,
  groupId: r.group_id,
  applicantType: r.applicant_type,
  bookType: r.book_type,
  applicantName: r.applicant_name,
  applicantAddress: r.applicant_address,
  postCode: r.post_code,
  applicantCreditCode: r.applicant_credit_code,
  legalPerson: r.legal_person,
  certificateNo: r.certificate_no,
});

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
    const name = body.applicantName.trim();
    if (!name) throw badRequest('申请人名称不能为空');
    const clash = await ctx.db
      .selectFrom('enterprises')
      .select('id')
      .where('applicant_name', '=', name)
      .$if(body.id !== undefined, (q) => q.where('id', '!=', body.id!))
      .executeTakeFirst();
    if (clash) throw badRequest(`申请人“${name}”已存在`);
    if (body.groupId) {
      const group = await ctx.db.selectFrom('enterprise_groups').select('id').where('id', '=', body.groupId).executeTakeFirst();
      if (!group) throw badRequest('所属分组不存在');
    }
    const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);
    const values = {
      group_id: body.groupId ?? null,
      applicant_type: body.applicantType,
      book_type: body.bookType,
      applicant_name: name,
      applicant_address: blankToNull(body.applicantAddress),
      post_code: blankToNull(body.postCode),
      applicant_credit_code: blankToNull(body.applicantCreditCode),
      legal_person: blankToNull(body.legalPerson),
      certificate_no: blankToNull(body.certificateNo),
    };
    const row =
      body.id === undefined
        ? await ctx.db.insertInto('enterprises').values({ org_id: ctx.session.orgId, ...values }).returningAll().executeTakeFirstOrThrow()
        : await ctx.db.updateTable('enterprises').set(values).where('id', '=', body.id).returningAll().executeTakeFirst();
    if (!row) throw notFound('企业不存在');
    return toEnterprise(row);
  },
};
