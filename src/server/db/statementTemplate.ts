import type { Compilable, CompiledQuery } from 'kysely';
import { prepareOnEachConnection } from './preparedStatements.js';

/**
 * A statement run on every request whose SQL text never changes, only one parameter's value (a
 * token hash, an id). Building and compiling it through Kysely each time costs tens of
 * microseconds of a request; it is compiled once, with a stand-in for the value, and each run
 * gets a copy of its parameters with the stand-in replaced. Both database kinds compile with
 * Kysely's PostgreSQL compiler, so one compiled text serves either. On PostgreSQL the text is also
 * prepared once per connection (preparedStatements.ts).
 */
export class StatementTemplate<S, R> {
  private compiled: CompiledQuery<R> | null = null;
  private slot = -1;

  /** @param build the statement on a database (the first caller's) with `value` as its varying parameter */
  constructor(private readonly build: (db: S, value: string) => Compilable<R>) {}

  /** The compiled statement with `value` in its varying parameter. */
  with(db: S, value: string): CompiledQuery<R> {
    if (!this.compiled) {
      // A value no caller passes: it marks the parameter to replace.
      const standIn = '\u0000statement-template-value';
      const compiled = this.build(db, standIn).compile();
      const slot = compiled.parameters.indexOf(standIn);
      if (slot < 0 || compiled.parameters.lastIndexOf(standIn) !== slot) throw new Error(`语句模板的参数应恰好出现一次：${compiled.sql}`);
      prepareOnEachConnection(compiled.sql);
      this.compiled = compiled;
      this.slot = slot;
    }
    const parameters = [...this.compiled.parameters];
    parameters[this.slot] = value;
    return { ...this.compiled, parameters };
  }
}
