import type { Session } from '../auth/session.js';
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

/** `YYYY-MM-DD` of `days` after `from` (China time), or null when the stage has no deadline. */
export function stageDeadline(stage: CaseStageDefinition, from: Date): string | null {
  if (stage.deadlineDays === undefined) return null;
  const china = new Date(from.getTime() + 8 * 3_600_000);
  china.setUTCDate(china.getUTCDate() + stage.deadlineDays);
  return china.toISOString().slice(0, 10);
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
