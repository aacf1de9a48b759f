import type { HandlersOf } from '../http/context.js';
import { badRequest } from '../http/apiError.js';
import { containsPattern } from '../db/likePattern.js';

/** The message for a search without text, shared with the person-search field. */
export const EMPTY_SEARCH = '请输入搜索内容';

export const personHandlers: HandlersOf<'person'> = {
  'person.getUserList': async (body, ctx) => {
    const search = body.search.trim();
    if (!search) throw badRequest(EMPTY_SEARCH);
    const pageSize = body.pageSize ?? 30;
    const pattern = containsPattern(search);
    // The tenant scope keeps this to the caller's organisation.
    const rows = await ctx.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('display_name', 'ilike', pattern), eb('username', 'ilike', pattern), eb('phone', 'like', pattern)]))
      .orderBy('display_name')
      .orderBy('id')
      .limit(pageSize)
      .offset((body.pageNo ?? 0) * pageSize)
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.display_name }));
  },
};
