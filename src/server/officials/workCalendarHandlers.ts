import type { CalendarDay } from '../../generated/types.js';
import { createWorkCalendar } from '../../shared/deadlines/workCalendar.js';
import { badRequest, forbidden, notFound } from '../http/apiError.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { countRows, pageWindow } from '../db/paging.js';
import { logOperation } from '../accounts/operationLog.js';
import { forgetWorkCalendar } from './workCalendarStore.js';

const KIND_NAMES = { holiday: '放假', workday: '调休上班' } as const;

/** The State Council's schedule is one for every organisation: only the platform's operators keep it. */
function requireOperator(ctx: TenantContext): void {
  if (!ctx.session.platformOperator) throw forbidden('只有平台运营人员可以维护节假日');
}

function rows(ctx: TenantContext) {
  return ctx.db.selectFrom('calendar_days as d').leftJoin('users as u', 'u.id', 'd.updated_by').selectAll('d').select('u.display_name as updatedByName');
}

async function savedDay(ctx: TenantContext, day: string): Promise<CalendarDay> {
  const row = await rows(ctx).where('d.day', '=', day).executeTakeFirstOrThrow();
  return { day: row.day, kind: row.kind, name: row.name, updatedByName: row.updatedByName, updatedAt: new Date(row.updated_at).toISOString() };
}

export const workCalendarHandlers: HandlersOf<'workCalendar'> = {
  'workCalendar.list': async (body, ctx) => {
    requireOperator(ctx);
    const { limit, offset } = pageWindow(body, 50);
    const base = rows(ctx).$if(body.year !== undefined, (q) => q.where('d.day', '>=', `${body.year}-01-01`).where('d.day', '<=', `${body.year}-12-31`));
    const [list, count] = await Promise.all([base.orderBy('d.day', 'desc').limit(limit).offset(offset).execute(), countRows(base)]);
    const { first, last } = createWorkCalendar().shippedYears;
    return {
      list: list.map((r) => ({ day: r.day, kind: r.kind, name: r.name, updatedByName: r.updatedByName, updatedAt: new Date(r.updated_at).toISOString() })),
      count,
      knownYears: Array.from({ length: last - first + 1 }, (_, i) => first + i),
      knownYearsText: `随产品提供的节假日表包含 ${first}–${last} 年；此后的年份在国务院公布安排后，请在这里录入放假与调休上班的日子`,
    };
  },

  'workCalendar.corrections': async (_body, ctx) => {
    const since = `${new Date().getUTCFullYear() - 1}-01-01`;
    const days = await ctx.db.selectFrom('calendar_days').select(['day', 'kind', 'name']).where('day', '>=', since).orderBy('day').limit(2000).execute();
    return { days };
  },

  'workCalendar.save': async (body, ctx) => {
    requireOperator(ctx);
    const name = (body.name ?? '').trim();
    const weekday = new Date(`${body.day}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    if (body.kind === 'workday' && !weekend && !createWorkCalendar().day(body.day).name) {
      throw badRequest(`${body.day} 是星期${'日一二三四五六'[weekday]}，本来就是工作日，不需要记为调休上班`);
    }
    if (body.originalDay !== undefined) {
      const original = await ctx.db.selectFrom('calendar_days').select('day').where('day', '=', body.originalDay).executeTakeFirst();
      if (!original) throw notFound(`${body.originalDay} 没有节假日更正`);
      if (body.originalDay !== body.day) await ctx.db.deleteFrom('calendar_days').where('day', '=', body.originalDay).execute();
    }
    const values = { kind: body.kind, name, updated_by: ctx.session.userId, updated_at: new Date().toISOString() };
    await ctx.db
      .insertInto('calendar_days')
      .values({ day: body.day, ...values })
      .onConflict((oc) => oc.column('day').doUpdateSet(values))
      .execute();
    await logOperation(ctx, 'workCalendar.save', {
      day: body.day,
      kind: KIND_NAMES[body.kind],
      ...(name ? { name } : {}),
      ...(body.originalDay && body.originalDay !== body.day ? { originalDay: body.originalDay } : {}),
    });
    forgetWorkCalendar();
    return savedDay(ctx, body.day);
  },

  'workCalendar.delete': async (body, ctx) => {
    requireOperator(ctx);
    const removed = await ctx.db.deleteFrom('calendar_days').where('day', '=', body.day).returning(['kind', 'name']).executeTakeFirst();
    if (!removed) throw notFound(`${body.day} 没有节假日更正`);
    await logOperation(ctx, 'workCalendar.delete', { day: body.day, kind: KIND_NAMES[removed.kind], ...(removed.name ? { name: removed.name } : {}) });
    forgetWorkCalendar();
    return null;
  },
};
