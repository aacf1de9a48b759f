import { sql } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';

/** A kind of work a user is responsible for, which goes to another user when the first is deleted. */
interface Holding {
  kind: string;
  label: string;
  count(db: ScopedDb, userId: number): Promise<number>;
  handOver(db: ScopedDb, from: number, to: number): Promise<void>;
}

const counted = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);

/** Every kind of work a user can hold; a new domain with assignees adds its kind here. */
const HOLDINGS: Holding[] = [
  {
    kind: 'trademarks',
    label: '负责的商标',
    count: (db, userId) =>
      counted(
        db
          .selectFrom('brand_archives')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_user_id', '=', userId)
          .executeTakeFirst(),
      ),
    handOver: async (db, from, to) => {
      await db.updateTable('brand_archives').set({ owner_user_id: to }).where('owner_user_id', '=', from).execute();
    },
  },
  {
    kind: 'todos',
    label: '未完成的待办',
    count: (db, userId) =>
      counted(
        db
          .selectFrom('todos')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('done_at', 'is', null)
          .executeTakeFirst(),
      ),
    handOver: async (db, from, to) => {
      await db.updateTable('todos').set({ user_id: to }).where('user_id', '=', from).where('done_at', 'is', null).execute();
    },
  },
  {
    kind: 'departments',
    label: '负责的部门',
    count: (db, userId) =>
      counted(
        db
          .selectFrom('departments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('head_user_id', '=', userId)
          .executeTakeFirst(),
      ),
    handOver: async (db, from, to) => {
      await db.updateTable('departments').set({ head_user_id: to }).where('head_user_id', '=', from).execute();
    },
  },
  {
    kind: 'enterprises',
    label: '负责的企业',
    count: (db, userId) =>
      counted(
        db
          .selectFrom('user_enterprises')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirst(),
      ),
    handOver: async (db, from, to) => {
      await sql`
        insert into user_enterprises (org_id, user_id, enterprise_id)
        select org_id, ${to}, enterprise_id from user_enterprises where user_id = ${from}
        on conflict do nothing
      `.execute(db);
      await db.deleteFrom('user_enterprises').where('user_id', '=', from).execute();
    },
  },
  {
    kind: 'cases',
    label: '承办的案件',
    count: (db, userId) =>
      counted(
        db
          .selectFrom('cases')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('handler_user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst(),
      ),
    handOver: async (db, from, to) => {
      await db.updateTable('cases').set({ handler_user_id: to }).where('handler_user_id', '=', from).where('deleted_at', 'is', null).execute();
    },
  },
];

export interface HoldingCount {
  kind: string;
  label: string;
  count: number;
  text: string;
}

/** What the user still holds, the kinds with nothing left out. */
export async function holdingsOf(db: ScopedDb, userId: number): Promise<HoldingCount[]> {
  const counts: HoldingCount[] = [];
  for (const holding of HOLDINGS) {
    const count = await holding.count(db, userId);
    if (count > 0) counts.push({ kind: holding.kind, label: holding.label, count, text: `${holding.label} ${count} 项` });
  }
  return counts;
}

/** Moves everything `from` holds to `to`. */
export async function handOverHoldings(db: ScopedDb, from: number, to: number): Promise<void> {
  for (const holding of HOLDINGS) await holding.handOver(db, from, to);
}
