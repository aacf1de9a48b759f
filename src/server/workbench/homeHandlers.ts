import { sql } from 'kysely';
import type { HandlersOf } from '../http/context.js';
import { badRequest, notFound } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import { loadUserInfo } from '../auth/userInfo.js';

const iso = (value: Date | string) => new Date(value).toISOString();

export const homeHandlers: HandlersOf<'home'> = {
  'home.getMessageList': async (body, ctx) => {
    const { limit, offset } = pageWindow(body);
    const mine = ctx.db.selectFrom('messages').where('user_id', '=', ctx.session.userId);
    const listed = body.unreadOnly ? mine.where('read_at', 'is', null) : mine;
    const [rows, total, unread] = await Promise.all([
      listed.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      countRows(listed),
      countRows(mine.where('read_at', 'is', null)),
    ]);
    return {
      list: rows.map((m) => ({
        id: m.id,
        kind: m.kind,
        title: m.title,
        content: m.content,
        link: m.link,
        read: m.read_at !== null,
        createdAt: iso(m.created_at),
      })),
      count: total,
      unread,
    };
  },

  'home.setMessageRead': async (body, ctx) => {
    if (!body.all && (!body.ids || body.ids.length === 0)) throw badRequest('请选择要标记为已读的消息');
    if (!body.all) {
      // Only the user's own messages, read or not; naming any other refuses the whole call.
      const own = await ctx.db.selectFrom('messages').select('id').where('user_id', '=', ctx.session.userId).where('id', 'in', body.ids!).execute();
      const found = new Set(own.map((m) => m.id));
      const missing = [...new Set(body.ids!)].filter((id) => !found.has(id));
      if (missing.length > 0) throw notFound(`消息不存在：${missing.slice(0, 20).join('、')}`);
    }
    let update = ctx.db.updateTable('messages').set({ read_at: new Date() }).where('user_id', '=', ctx.session.userId).where('read_at', 'is', null);
    if (!body.all) update = update.where('id', 'in', body.ids!);
    const result = await update.executeTakeFirst();
    return { updated: Number(result.numUpdatedRows) };
  },

  'home.getGroupInfo': async (_body, ctx) => {
    const [me, members, groups, ungrouped] = await Promise.all([
      loadUserInfo(ctx.db, ctx.session.userId),
      ctx.db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow(),
      ctx.db
        .selectFrom('enterprise_groups as g')
        .leftJoin('enterprises as e', 'e.group_id', 'g.id')
        .select(['g.id', 'g.name', sql<number>`count(e.id)::int`.as('count')])
        .groupBy(['g.id', 'g.name'])
        .orderBy('g.id')
        .execute(),
      ctx.db
        .selectFrom('enterprises')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('group_id', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    const groupList = [...groups, ...(ungrouped.n > 0 ? [{ id: null, name: '未分组', count: ungrouped.n }] : [])];
    return {
      organisationName: me.organisation.name,
      organisationKind: me.organisation.kind === 'agency' ? '代理机构' : '企业',
      roleName: me.roleName,
      memberCount: members.n,
      enterpriseCount: groupList.reduce((n, g) => n + g.count, 0),
      groups: groupList,
    };
  },

  'home.todoList': async (body, ctx) => {
    const { limit, offset } = pageWindow(body);
    const open = ctx.db.selectFrom('todos').where('user_id', '=', ctx.session.userId).where('done_at', 'is', null);
    const [rows, total] = await Promise.all([
      open
        .selectAll()
        .orderBy(sql`due_at asc nulls last`)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(open),
    ]);
    const now = Date.now();
    return {
      list: rows.map((t) => ({
        id: t.id,
        kind: t.kind,
        title: t.title,
        link: t.link,
        dueAt: t.due_at ? iso(t.due_at) : null,
        overdue: t.due_at !== null && new Date(t.due_at).getTime() < now,
        createdAt: iso(t.created_at),
      })),
      count: total,
    };
  },

  'home.completeTodo': async (body, ctx) => {
    const done = await ctx.db
      .updateTable('todos')
      .set({ done_at: new Date() })
      .where('id', '=', body.id)
      .where('user_id', '=', ctx.session.userId)
      .where('done_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw notFound('待办不存在或已完成');
    return null;
  },

  'home.reopenTodo': async (body, ctx) => {
    const reopened = await ctx.db
      .updateTable('todos')
      .set({ done_at: null })
      .where('id', '=', body.id)
      .where('user_id', '=', ctx.session.userId)
      .where('done_at', 'is not', null)
      .executeTakeFirst();
    if (Number(reopened.numUpdatedRows) === 0) throw notFound('待办不存在或尚未完成');
    return null;
  },
};
