import type { HandlersOf } from '../http/context.js';

export const roleHandlers: HandlersOf<'role'> = {
  'role.list': async (_body, ctx) => {
    const rows = await ctx.db
      .selectFrom('roles as r')
      .select([
        'r.id',
        'r.name',
        'r.role_auth',
        (eb) =>
          eb
            .selectFrom('users as u')
            .select((u) => u.fn.countAll<number>().as('n'))
            .whereRef('u.role_id', '=', 'r.id')
            .where('u.deleted_at', 'is', null)
            .as('userCount'),
      ])
      .orderBy('r.id')
      .execute();
    return { list: rows.map((r) => ({ id: r.id, name: r.name, roleAuth: r.role_auth, userCount: Number(r.userCount ?? 0) })) };
  },
};
