import type { Enterprise, EnterpriseGroup } from '../../generated/types.js';
import type { HandlersOf } from '../http/context.js';
import { containsPattern } from '../db/likePattern.js';

export const enterpriseHandlers: HandlersOf<'enterprise'> = {
  'enterprise.getList': async (body, ctx) => {
    let query = ctx.db.selectFrom('enterprises').selectAll().orderBy('id');
    const name = body.applicantName?.trim();
    if (name) query = query.where('applicant_name', 'ilike', containsPattern(name));
    const rows = await query.execute();
    const groups = await ctx.db.selectFrom('enterprise_groups').select(['id', 'name']).orderBy('id').execute();

    const list: Enterprise[] = rows.map((r) => ({
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
    }));
    if (body.flatIs) return { groups: [], list };

    const nested: EnterpriseGroup[] = groups.map((g) => ({ id: g.id, name: g.name, children: list.filter((e) => e.groupId === g.id) }));
    const ungrouped = list.filter((e) => e.groupId === null);
    if (ungrouped.length > 0) nested.push({ id: null, name: '未分组', children: ungrouped });
    return { groups: nested, list: [] };
  },
};
