import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { withOrganisation } from '../db/tenantScope.js';
import { batchTaskKind, type BatchTaskRow } from './batchTaskKinds.js';
import { notifyEvent } from '../notify/notifyEvent.js';

export interface BatchTaskWorkerOptions {
  /** Pause between looks for work when there was none. */
  pollMs: number;
  /** A claimed task whose heartbeat is older than this belongs to a process that died. */
  staleMs: number;
  /** Claims after which a task that keeps interrupting its worker is given up. */
  maxAttempts?: number;
  /** Steps done in one transaction (with their progress); small, so a crash loses little and the heartbeat stays fresh. */
  stepsPerTransaction?: number;
  /**
   * Once a transaction's steps have taken this long it commits with those done. The embedded database
   * has one connection, which requests wait for while a transaction holds it.
   */
  transactionMs?: number;
  /** Reports unexpected failures of the loop itself (the database gone away). */
  onError?: (error: unknown) => void;
}

export const STATUS_RUNNING = 0;
export const STATUS_DONE = 1;
export const STATUS_FAILED = 2;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)) || '未知错误';

/**
 * Does the organisations' batch tasks in the background of a server process. Several processes
 * share the work: a task is claimed with SELECT … FOR UPDATE SKIP LOCKED and kept by a heartbeat;
 * one whose heartbeat went stale (its process died) is claimed again and goes on from its recorded
 * progress. Nothing that matters is held in memory.
 */
export class BatchTaskWorker {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private running = false;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly maxAttempts: number;
  private readonly stepsPerTransaction: number;
  private readonly transactionMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: BatchTaskWorkerOptions,
  ) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.stepsPerTransaction = Math.max(1, options.stepsPerTransaction ?? 20);
    this.transactionMs = options.transactionMs ?? 100;
  }

  get started(): boolean {
    return this.running;
  }

  /** Gives up what cannot be resumed, then polls for work until stopped. */
  async start(): Promise<void> {
    if (this.running) return;
    await this.failUnresumable();
    this.stopping = false;
    this.running = true;
    this.loop = this.run();
  }

  /** Finishes the step in hand, then lets go of its task so another process may take it at once. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
    await this.db
      .updateTable('batch_tasks')
      .set({ claimed_by: null, heartbeat_at: null })
      .where('claimed_by', '=', this.workerId)
      .where('operate_status', '=', STATUS_RUNNING)
      .execute();
  }

  /** Claims one task and does at most `maxSteps` of it, leaving it claimed (tests drive crashes with it). */
  async runOnce(maxSteps = Number.POSITIVE_INFINITY): Promise<{ taskId: number; steps: number } | null> {
    const taskId = await this.claim();
    if (taskId === null) return null;
    return { taskId, steps: await this.process(taskId, maxSteps) };
  }

  /** Looks for work now rather than at the next poll (a task was just created). */
  poke(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        const id = await this.claim();
        if (id !== null) {
          worked = true;
          await this.process(id);
        }
      } catch (error) {
        this.options.onError?.(error);
      }
      if (!worked && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }

  /**
   * Takes the oldest open task nobody holds (or whose holder's heartbeat went stale). SKIP LOCKED
   * lets two processes claiming at the same moment take different tasks instead of queueing.
   */
  async claim(): Promise<number | null> {
    for (;;) {
      const stale = `${Math.max(1, Math.round(this.options.staleMs))} milliseconds`;
      const claimed = await sql<{ id: number; attempts: number }>`
        update batch_tasks set claimed_by = ${this.workerId}, heartbeat_at = now(), attempts = attempts + 1
        where id = (
          select id from batch_tasks
          where operate_status = ${STATUS_RUNNING}
            and (claimed_by is null or heartbeat_at is null or heartbeat_at < now() - ${stale}::interval)
          order by id
          limit 1
          for update skip locked
        )
        returning id, attempts
      `.execute(this.db);
      const row = claimed.rows[0];
      if (!row) return null;
      if (row.attempts <= this.maxAttempts) return row.id;
      await this.finish(row.id, STATUS_FAILED, '任务多次中断，已停止处理');
    }
  }

  /**
   * Does a claimed task step by step, a few steps per transaction together with the progress they
   * make, until it is done, fails, is taken over by another process, or `maxSteps` (for tests)
   * have been done. Planning counts as a step. Returns the steps done.
   */
  async process(taskId: number, maxSteps = Number.POSITIVE_INFINITY): Promise<number> {
    let steps = 0;
    while (steps < maxSteps) {
      let outcome: { state: 'working' | 'done' | 'lost'; steps: number };
      try {
        outcome = await this.advance(taskId, Math.min(this.stepsPerTransaction, maxSteps - steps));
      } catch (error) {
        await this.finish(taskId, STATUS_FAILED, errorText(error));
        return steps;
      }
      steps += outcome.steps;
      if (outcome.state !== 'working') return steps;
      // A graceful stop lets go between transactions; the next holder starts at the recorded progress.
      if (this.stopping) return steps;
    }
    return steps;
  }

  /**
   * One transaction: plans the task if not yet planned, else does up to `limit` of its next steps
   * (fewer when they take longer than `transactionMs`) and records the progress; or finishes it
   * when no step is left.
   */
  private async advance(taskId: number, limit: number): Promise<{ state: 'working' | 'done' | 'lost'; steps: number }> {
    const head = await this.db.selectFrom('batch_tasks').select('org_id').where('id', '=', taskId).executeTakeFirst();
    if (!head) return { state: 'lost', steps: 0 };
    return withOrganisation(this.db, head.org_id, async (db) => {
      const task = (await db.selectFrom('batch_tasks').selectAll().where('id', '=', taskId).forUpdate().executeTakeFirst()) as BatchTaskRow | undefined;
      if (!task || task.claimed_by !== this.workerId || task.operate_status !== STATUS_RUNNING) return { state: 'lost', steps: 0 };
      const kind = batchTaskKind(task.operate_type);
      if (!kind) throw new Error('不支持的任务类型');
      if (task.total === null) {
        const planned = await kind.plan(db, task);
        await db
          .updateTable('batch_tasks')
          .set({ payload: JSON.stringify(planned.payload), total: planned.total, progress: 0, heartbeat_at: sql<Date>`now()` })
          .where('id', '=', taskId)
          .execute();
        return { state: 'working', steps: 1 };
      }
      if (task.progress >= task.total) {
        await db
          .updateTable('batch_tasks')
          .set({ operate_status: STATUS_DONE, end_time: sql<Date>`now()`, claimed_by: null, heartbeat_at: null })
          .where('id', '=', taskId)
          .execute();
        if (task.created_by !== null) {
          await notifyEvent(db, {
            orgId: task.org_id,
            event: 'batchTaskFinished',
            userIds: [task.created_by],
            title: `${kind.name}已完成`,
            content: `您提交的${kind.name}（任务编号 ${task.id}）已完成，共 ${task.total} 项。`,
            link: kind.link ?? null,
          });
        }
        return { state: 'done', steps: 0 };
      }
      const until = Math.min(task.total, task.progress + limit);
      const started = performance.now();
      let done = task.progress;
      while (done < until && (done === task.progress || performance.now() - started < this.transactionMs)) await kind.step(db, task, done++);
      await db
        .updateTable('batch_tasks')
        .set({ progress: done, heartbeat_at: sql<Date>`now()` })
        .where('id', '=', taskId)
        .execute();
      return { state: 'working', steps: done - task.progress };
    });
  }

  private async finish(taskId: number, status: number, error: string | null): Promise<void> {
    await this.db
      .updateTable('batch_tasks')
      .set({ operate_status: status, error, end_time: sql<Date>`now()`, claimed_by: null, heartbeat_at: null })
      .where('id', '=', taskId)
      .execute();
  }

  /**
   * At start: open tasks that can never be resumed are marked failed with the reason: a kind this
   * server does not know, or a task that has already interrupted its workers too often. The rest
   * are resumed by the ordinary claim once their holder's heartbeat is stale.
   */
  async failUnresumable(): Promise<number> {
    const open = await this.db
      .selectFrom('batch_tasks')
      .select(['id', 'operate_type', 'attempts', 'claimed_by', 'heartbeat_at'])
      .where('operate_status', '=', STATUS_RUNNING)
      .execute();
    const staleBefore = Date.now() - this.options.staleMs;
    let failed = 0;
    for (const task of open) {
      const idle = task.claimed_by === null || task.heartbeat_at === null || new Date(task.heartbeat_at).getTime() < staleBefore;
      if (!idle) continue;
      const reason = !batchTaskKind(task.operate_type) ? '不支持的任务类型' : task.attempts >= this.maxAttempts ? '任务多次中断，已停止处理' : null;
      if (!reason) continue;
      await this.finish(task.id, STATUS_FAILED, reason);
      failed++;
    }
    return failed;
  }
}
