import type { Selectable } from 'kysely';
import type { BatchTasksTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';

export type BatchTaskRow = Selectable<BatchTasksTable>;

/**
 * One kind of background task. A task is planned once (its steps written into the payload), then
 * done one step per transaction; the worker records progress in the same transaction as the step,
 * so after a crash the next step is the first not done, and no step is done twice.
 */
export interface BatchTaskKind {
  /** The name a person sees in the task list. */
  name: string;
  /** The page where its results are seen, linked from the message that says it finished. */
  link?: string;
  /** Decides the steps; returns the payload to keep and how many steps there are. */
  plan(db: ScopedDb, task: BatchTaskRow): Promise<{ payload: Record<string, unknown>; total: number }>;
  /** Does step `index` (0-based) of a planned task, in the worker's transaction. */
  step(db: ScopedDb, task: BatchTaskRow, index: number): Promise<void>;
}

const kinds = new Map<string, BatchTaskKind>();

export function registerBatchTaskKind(operateType: string, kind: BatchTaskKind): void {
  kinds.set(operateType, kind);
}

export function batchTaskKind(operateType: string): BatchTaskKind | undefined {
  return kinds.get(operateType);
}
