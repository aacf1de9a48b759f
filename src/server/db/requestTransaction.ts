import type { ControlledTransaction, Kysely } from 'kysely';
import type { Database } from './tables.js';

/**
 * One request's transaction, opened by one hook and finished by another (Kysely's controlled
 * transaction). Every way it ends gives its connection back: a COMMIT, a ROLLBACK, or a failed
 * COMMIT followed by a ROLLBACK.
 */
export class RequestTransaction {
  private committing: Promise<void> | null = null;

  private constructor(
    readonly trx: ControlledTransaction<Database>,
    readonly readOnly: boolean,
  ) {}

  /** Sends BEGIN (START TRANSACTION READ ONLY for a read-only operation); on a pipelining connection it waits for the first read. */
  static async open(system: Kysely<Database>, readOnly: boolean): Promise<RequestTransaction> {
    const builder = system.startTransaction();
    return new RequestTransaction(await (readOnly ? builder.setAccessMode('read only') : builder).execute(), readOnly);
  }

  get finished(): boolean {
    return this.trx.isCommitted || this.trx.isRolledBack;
  }

  /** Starts the COMMIT once; the promise rejects with its error, after a ROLLBACK has given the connection back. */
  commit(): Promise<void> {
    if (this.committing) return this.committing;
    this.committing = this.trx
      .commit()
      .execute()
      .catch(async (err: unknown) => {
        await this.trx
          .rollback()
          .execute()
          .catch(() => undefined);
        throw err;
      });
    // Awaited by whoever needs its outcome; a rollback after a failed commit only waits for it.
    this.committing.catch(() => undefined);
    return this.committing;
  }

  /** Rolls back what is not committed; after a COMMIT already on its way, waits for that instead. */
  async rollback(): Promise<void> {
    if (this.committing) {
      await this.committing.catch(() => undefined);
      return;
    }
    if (this.finished) return;
    await this.trx.rollback().execute();
  }
}
