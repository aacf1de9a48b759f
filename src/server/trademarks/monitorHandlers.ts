import { sql } from 'kysely';
import type { HandlersOf } from '../http/context.js';
import { badRequest } from '../http/apiError.js';
import { containsPattern } from '../db/likePattern.js';

/** How many addresses the lookup offers at most. */
const ADDRESSES_SHOWN = 20;

export const monitorHandlers: HandlersOf<'monitor'> = {
  /**
   * The addresses the register holds for an applicant of exactly this name (the Chinese name, or
   * the English one in any case), most frequent first, narrowed by every word of a fuzzy address.
   */
  'monitor.getApplicantAddress': async (body, ctx) => {
    const name = body.applicantName.trim();
    if (!name) throw badRequest('申请人名称不能为空');
    const words = (body.address ?? '').trim().split(/\s+/).filter(Boolean);
    const chinese = ctx.db.selectFrom('tm_register').select('applicant_address as address').where('applicant_cn', '=', name);
    const english = ctx.db
      .selectFrom('tm_register')
      .select('applicant_address_en as address')
      .where(sql<string>`lower(applicant_en)`, '=', sql<string>`lower(${name})`);
    let query = ctx.db
      .selectFrom(chinese.unionAll(english).as('found'))
      .select(['found.address', sql<number>`count(*)::int`.as('count')])
      .where(sql<string>`btrim(found.address)`, '<>', '');
    for (const word of words) query = query.where('found.address', 'ilike', containsPattern(word));
    const list = await query.groupBy('found.address').orderBy('count', 'desc').orderBy('found.address').limit(ADDRESSES_SHOWN).execute();
    return { list };
  },
};
