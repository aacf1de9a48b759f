import type { Compilable, CompiledQuery } from 'kysely';
import { prepareOnEachConnection } from './preparedStatements.js';

/** A parameter of the compiled template: the k-th value of a run, or a constant of the statement itself. */
type Slot = { value: number } | { constant: unknown };

/**
 * A statement whose SQL text is fixed and whose varying parameters are the values of each run (a
 * token hash; the conditions, limit and offset of one shape of archive page). Building and
 * compiling it through Kysely each time costs tens of microseconds of a request or more; it is
 * compiled once, with a stand-in for each value, and each run gets the parameters with the
 * stand-ins replaced. A value may fill several parameters (a condition repeated in a count
 * subquery). Both database kinds compile with Kysely's PostgreSQL compiler, so one compiled text
 * serves either. With `prepare`, the text is also prepared once per connection on PostgreSQL
 * (preparedStatements.ts): only for statements of which there are few texts.
 */
export class StatementTemplate<S, R> {
  private compiled: CompiledQuery<R> | null = null;
  private slots: Slot[] = [];

  /**
   * @param build the statement on a database (the first caller's) with `values` in its varying parameters
   * @param options how many values a run gives (1 unless said), and whether to prepare the text on each connection (yes unless said)
   */
  constructor(
    private readonly build: (db: S, ...values: string[]) => Compilable<R>,
    private readonly options: { values?: number; prepare?: boolean } = {},
  ) {}

  /** The compiled statement with `values` in its varying parameters. */
  with(db: S, ...values: unknown[]): CompiledQuery<R> {
    const compiled = this.compiled ?? this.compile(db);
    if (values.length !== (this.options.values ?? 1)) throw new Error(`语句模板需要 ${this.options.values ?? 1} 个值，收到 ${values.length} 个`);
    const parameters = this.slots.map((slot) => ('value' in slot ? values[slot.value] : slot.constant));
    return { ...compiled, parameters };
  }

  private compile(db: S): CompiledQuery<R> {
    // Values no caller passes: each marks the parameters to replace.
    const standIns = Array.from({ length: this.options.values ?? 1 }, (_, k) => `\u0000statement-template-value-${k}`);
    const compiled = this.build(db, ...standIns).compile();
    const slots = compiled.parameters.map((p): Slot => (typeof p === 'string' && standIns.includes(p) ? { value: standIns.indexOf(p) } : { constant: p }));
    const unused = standIns.findIndex((s) => !compiled.parameters.includes(s));
    if (unused >= 0) throw new Error(`语句模板的第 ${unused + 1} 个值没有出现在语句中：${compiled.sql}`);
    if (this.options.prepare ?? true) prepareOnEachConnection(compiled.sql);
    this.slots = slots;
    this.compiled = compiled;
    return compiled;
  }
}
