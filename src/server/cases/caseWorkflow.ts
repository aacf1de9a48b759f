import type { Session } from '../auth/session.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { workCalendar } from '../officials/workCalendarStore.js';
import { parseDeadlineRule } from '../../shared/deadlines/deadlineRule.js';
import { countPeriod } from '../../shared/deadlines/countedDeadline.js';
import { addDays, chinaToday } from '../../shared/trademarkDates.js';
import { badRequest, forbidden } from '../http/apiError.js';
import { permissionLabels } from '../pages/permissions.js';
import type { CaseAction, CaseStageDefinition, CaseTransition, CaseType } from './caseTypes.js';
import { statusTitle } from './caseTypes.js';

/** The status a new case starts in: the status of its first stage, else the type's first status. */
export function initialStatus(type: CaseType): string {
  return type.stages[0]?.status ?? type.statuses[0]?.key ?? 'draft';
}

/** The stage a case in `status` is in: the first stage entered with that status; the current one when none is. */
export function stageForStatus(type: CaseType, status: string, current: string | null): CaseStageDefinition | undefined {
  return type.stages.find((s) => s.status === status) ?? (current === null ? type.stages[0] : undefined);
}

/**
 * The deadline of a stage entered at `from` (China time): a period of the law (deadlineRule, e.g.
 * the 3 months to supplement evidence after filing, 条例 §27 and §59) counted by the deadline engine on
 * the working-day calendar; else `deadlineDays` calendar days; null when the stage has none.
 */
export async function stageDeadline(db: ScopedDb, stage: CaseStageDefinition, from: Date): Promise<string | null> {
  const day = chinaToday(from);
  if (stage.deadlineRule) {
    const rule = parseDeadlineRule(stage.deadlineRule);
    if (rule) return countPeriod(day, rule.period, await workCalendar(db), `进入“${stage.title}”后`, stage.deadlineArticle ?? '').date;
  }
  return stage.deadlineDays === undefined ? null : addDays(day, stage.deadlineDays);
}

/** Whether the session may make `transition` (its permission key in the role). */
export const mayMake = (session: Session, transition: CaseTransition) => session.permissions.has(transition.permission);

/**
 * The move `action` makes from `status`, checked against the type's transitions and the user's
 * permissions: refused when the type has no such move from this status, or the user lacks its permission.
 */
export function requireTransition(type: CaseType, session: Session, action: CaseAction, status: string, actionTitle: string): CaseTransition {
  const moves = type.transitions.filter((t) => t.action === action);
  if (moves.length === 0) throw badRequest(`${type.title}没有“${actionTitle}”这一步`);
  const move = moves.find((t) => t.from.includes(status));
  if (!move) throw badRequest(`案件状态为“${statusTitle(type, status)}”，不能${actionTitle}`);
  if (!mayMake(session, move)) throw forbidden(`没有“${permissionLabels().get(move.permission) ?? move.permission}”权限，不能${actionTitle}`);
  return move;
}

/** The actions the user may take on a case in `status` now. */
export function allowedActions(type: CaseType, session: Session, status: string): CaseAction[] {
  return [...new Set(type.transitions.filter((t) => t.from.includes(status) && mayMake(session, t)).map((t) => t.action))];
}
