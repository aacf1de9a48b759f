import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Session } from '../auth/session.js';
import type { Database, DemandsTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { notFound } from '../http/apiError.js';
import { registerMergeReference } from '../trademarks/mergeRegistry.js';
import { chinaDay } from '../cases/caseStore.js';

// A merge of marks moves the proposals that concern them.
registerMergeReference({ table: 'demand_marks', column: 'brand_id', uniqueWith: ['demand_id'] });

export type DemandRow = Selectable<DemandsTable>;
export type DemandState = DemandRow['state'];

/** Who may see every proposal of the organisation (and take up those that came through a link). */
export const SEE_ALL = 'demandAll';

export const STATE_TITLES: Record<DemandState, string> = { draft: '草稿', approving: '审批中', approved: '已通过', rejected: '已驳回', withdrawn: '已撤回' };

export const NOT_FOUND = '提案不存在';

/** The next proposal number of the organisation: TA, the year (China time) and the year's serial in four digits (TA20260001). */
export async function nextDemandNo(db: ScopedDb, orgId: number, at = new Date()): Promise<string> {
  const year = Number(chinaDay(at).slice(0, 4));
  const { rows } = await sql<{ last: number }>`
    insert into demand_counters (org_id, year, last) values (${orgId}, ${year}, 1)
    on conflict (org_id, year) do update set last = demand_counters.last + 1
    returning last`.execute(db);
  return `TA${year}${String(rows[0]!.last).padStart(4, '0')}`;
}

/**
 * The proposals a user may see: all of the organisation's with “查看全部提案”; otherwise those they
 * submitted, were asked to decide (in any round), or take part in (added, copied to, mentioned).
 */
export function visibleTo(session: Pick<Session, 'userId' | 'permissions'>) {
  return (eb: ExpressionBuilder<Database & { d: DemandsTable }, 'd'>) =>
    session.permissions.has(SEE_ALL)
      ? eb.lit(true)
      : eb.or([
          eb('d.submitter_id', '=', session.userId),
          eb.exists(
            eb.selectFrom('demand_step_approvers as va').select('va.id').whereRef('va.demand_id', '=', 'd.id').where('va.user_id', '=', session.userId),
          ),
          eb.exists(
            eb.selectFrom('demand_participants as vp').select('vp.user_id').whereRef('vp.demand_id', '=', 'd.id').where('vp.user_id', '=', session.userId),
          ),
        ]);
}

/**
 * The organisation's proposal the user may see, locked when it is to change (two decisions on one
 * proposal then take turns); another organisation's, or one the user has nothing to do with, is
 * not found, in the same words.
 */
export async function visibleDemand(db: ScopedDb, session: Pick<Session, 'userId' | 'permissions'>, id: number, forUpdate = false): Promise<DemandRow> {
  const query = db.selectFrom('demands as d').selectAll('d').where('d.id', '=', id).where(visibleTo(session));
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Records what happened on a proposal, by whom. */
export async function addTrend(db: ScopedDb, row: Pick<DemandRow, 'id' | 'org_id'>, userId: number | null, action: string, content: string): Promise<void> {
  await db.insertInto('demand_trends').values({ org_id: row.org_id, demand_id: row.id, user_id: userId, action, content }).execute();
}

/** Adds people who may see and comment on the proposal; those already in keep how they came. Returns who was new. */
export async function addParticipants(
  db: ScopedDb,
  row: Pick<DemandRow, 'id' | 'org_id'>,
  userIds: readonly number[],
  reason: 'participant' | 'copy' | 'mention',
  addedBy: number | null,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const added = await db
    .insertInto('demand_participants')
    .values([...new Set(userIds)].map((userId) => ({ org_id: row.org_id, demand_id: row.id, user_id: userId, reason, added_by: addedBy })))
    .onConflict((oc) => oc.columns(['demand_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return added.map((a) => a.user_id);
}

/** Display names by user id. */
export async function userNames(db: ScopedDb, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', unique).execute()).map((u) => [u.id, u.display_name]));
}

/** Where a proposal's message leads: the phone page, which asks for sign-in when needed. */
export const demandLink = (id: number) => `/mobile/demand?id=${id}`;

export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
