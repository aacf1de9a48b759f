import type { HandlersOf } from '../http/context.js';
import { badRequest, notFound } from '../http/apiError.js';
import { containsPattern } from '../db/likePattern.js';
import { countRows, pageWindow } from '../db/paging.js';
import type { MemosTable } from '../db/tables.js';
import { sql, type Selectable } from 'kysely';
import { isBlankHtml } from '../../shared/richTextPolicy.js';

/** Memos one batch delete may name. */
const MAX_BATCH = 100;

const toMemo = (m: Selectable<MemosTable>) => ({
  id: m.id,
  content: m.content,
  createdAt: new Date(m.created_at).toISOString(),
  updatedAt: new Date(m.updated_at).toISOString(),
});

export const memoHandlers: HandlersOf<'memo'> = {
  'memo.list': async (body, ctx) => {
    const { limit, offset } = pageWindow(body);
    let mine = ctx.db.selectFrom('memos').where('user_id', '=', ctx.session.userId);
    const keyword = body.keyword?.trim();
    // The content is HTML: the keyword is matched against its text, not its markup.
    if (keyword) mine = mine.where(sql<string>`regexp_replace(content, '<[^>]*>', '', 'g')`, 'ilike', containsPattern(keyword));
    const [rows, total] = await Promise.all([
      mine.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      countRows(mine),
    ]);
    return { list: rows.map(toMemo), count: total };
  },

  'memo.save': async (body, ctx) => {
    // Already sanitised by the request schema's rich-text annotation; what is left may be empty.
    const content = body.content.trim();
    if (isBlankHtml(content)) throw badRequest('内容不能为空');
    if (body.id === undefined) {
      const created = await ctx.db
        .insertInto('memos')
        .values({ org_id: ctx.session.orgId, user_id: ctx.session.userId, content })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMemo(created);
    }
    const updated = await ctx.db
      .updateTable('memos')
      .set({ content, updated_at: new Date() })
      .where('id', '=', body.id)
      .where('user_id', '=', ctx.session.userId)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound('备忘不存在或已删除');
    return toMemo(updated);
  },

  'memo.delete': async (body, ctx) => {
    const deleted = await ctx.db.deleteFrom('memos').where('id', '=', body.id).where('user_id', '=', ctx.session.userId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound('备忘不存在或已删除');
    return null;
  },

  'memo.deleteBatch': async (body, ctx) => {
    const ids = [...new Set(body.ids.split(',').map(Number))];
    if (ids.length > MAX_BATCH) throw badRequest(`一次最多删除 ${MAX_BATCH} 条备忘`);
    if (ids.some((id) => !Number.isSafeInteger(id) || id > 2_147_483_647)) throw badRequest('备忘编号无效');
    const deleted = await ctx.db.deleteFrom('memos').where('id', 'in', ids).where('user_id', '=', ctx.session.userId).returning('id').execute();
    // A list naming a memo that is not the user's deletes nothing: the request's rollback undoes the rest.
    if (deleted.length < ids.length) {
      const found = new Set(deleted.map((m) => m.id));
      throw notFound(`备忘不存在或已删除：${ids.filter((id) => !found.has(id)).join('、')}`);
    }
    return { deleted: deleted.length };
  },
};
