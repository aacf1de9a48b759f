import type { HandlersOf } from '../http/context.js';
import { containsPattern } from '../db/likePattern.js';
import { countRows, pageWindow } from '../db/paging.js';
import { loadUserInfo } from '../auth/userInfo.js';
import { AGENCY_ROLE_NAME } from './roles.js';

export const userHandlers: HandlersOf<'user'> = {
  'user.list': async (body, ctx) => {
    const { limit, offset } = pageWindow(body);
    const caller = await loadUserInfo(ctx.db, ctx.session.userId);

    let users = ctx.db.selectFrom('users as u').innerJoin('roles as r', 'r.id', 'u.role_id').where('u.deleted_at', 'is', null);
    if (caller.roleName === AGENCY_ROLE_NAME && !body.noFilter) users = users.where('u.id', '=', ctx.session.userId);
    const keyword = body.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      users = users.where((eb) => eb.or([eb('u.username', 'ilike', pattern), eb('u.display_name', 'ilike', pattern), eb('u.phone', 'like', pattern)]));
    }
    const direction = body.sortType ?? 'asc';
    const ordered =
      body.sortField === 'username' ? users.orderBy('u.username', direction) : users.orderBy('u.created_at', direction).orderBy('u.id', direction);
    const [rows, total] = await Promise.all([
      ordered
        .select([
          'u.id',
          'u.username',
          'u.display_name',
          'u.phone',
          'u.email',
          'u.mauth',
          'u.locked',
          'u.created_at',
          'r.name as roleName',
          (eb) =>
            eb
              .selectFrom('sessions as s')
              .select((s) => s.fn.max('s.created_at').as('last'))
              .whereRef('s.user_id', '=', 'u.id')
              .as('lastLoginAt'),
        ])
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(users),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        username: r.username,
        name: r.display_name,
        phone: r.phone,
        email: r.email,
        roleName: r.roleName,
        mauth: r.mauth,
        locked: r.locked,
        lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt as Date).toISOString() : null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      count: total,
    };
  },
};
