import {
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  OperationNodeTransformer,
  OnNode,
  OperatorNode,
  PrimitiveValueListNode,
  ParensNode,
  ReferenceNode,
  TableNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
  sql,
  type DeleteQueryNode,
  type InsertQueryNode,
  type JoinNode,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type SelectQueryNode,
  type Transaction,
  type UnknownRow,
  type UpdateQueryNode,
} from 'kysely';
import { TENANT_TABLES, type Database } from './tables.js';
import { APP_ROLE } from './migrate.js';

const tenantTables = new Set<string>(TENANT_TABLES);
/** Joins whose joined table may be null-extended (right and full joins are not used against tenant tables). */
const OUTER_JOINS = new Set<JoinNode['joinType']>(['LeftJoin', 'LateralLeftJoin']);

/** The table name and the name to reference it by, for a FROM/JOIN/UPDATE item. */
function tenantTableRef(node: OperationNode | undefined): { table: string; ref: string } | null {
  if (!node) return null;
  if (node.kind === 'TableNode') {
    const name = (node as TableNode).table.identifier.name;
    return tenantTables.has(name) ? { table: name, ref: name } : null;
  }
  if (node.kind === 'AliasNode') {
    const alias = node as unknown as { node: OperationNode; alias: OperationNode & { name?: string } };
    const inner = tenantTableRef(alias.node);
    const aliasName = (alias.alias as { name?: string }).name;
    return inner && aliasName ? { table: inner.table, ref: aliasName } : inner;
  }
  return null;
}

class TenantScopeTransformer extends OperationNodeTransformer {
  /**
   * Queries this transformer has scoped. A scoped query built into another (a subquery, a count
   * over the page's query) has been scoped when it was built; scoping it again with the whole
   * statement would repeat its condition once per level.
   */
  private readonly scoped = new WeakSet<OperationNode>();

  constructor(private readonly orgId: number) {
    super();
  }

  private once<T extends OperationNode>(node: T, transform: (node: T) => T): T {
    if (this.scoped.has(node)) return node;
    const result = transform(node);
    this.scoped.add(result);
    return result;
  }

  private orgFilter(refs: string[]): OperationNode | null {
    const conditions = refs.map((ref) =>
      BinaryOperationNode.create(
        ReferenceNode.create(ColumnNode.create('org_id'), TableNode.create(ref)),
        OperatorNode.create('='),
        ValueNode.create(this.orgId),
      ),
    );
    if (conditions.length === 0) return null;
    return conditions.slice(1).reduce<OperationNode>((acc, c) => AndNode.create(acc, c), conditions[0]);
  }

  private scope<T extends SelectQueryNode | UpdateQueryNode | DeleteQueryNode>(node: T, items: (OperationNode | undefined)[]): T {
    const refs = items.map(tenantTableRef).filter((r): r is { table: string; ref: string } => r !== null);
    const filter = this.orgFilter(refs.map((r) => r.ref));
    if (!filter) return node;
    // The handler's own condition goes in parentheses: `a or b` must not become `a or (b and org)`.
    const where = node.where ? AndNode.create(ParensNode.create(node.where.where), filter) : filter;
    return { ...node, where: WhereNode.create(where) };
  }

  /**
   * The table of an outer join gets its condition in the join's ON: in WHERE, the null row of an
   * unmatched left join would fail it and the join would drop rows like an inner one.
   */
  private scopeOuterJoin(join: JoinNode): JoinNode {
    const filter = this.orgFilter([tenantTableRef(join.table)?.ref].filter((r): r is string => r !== undefined));
    if (!filter) return join;
    return { ...join, on: OnNode.create(join.on ? AndNode.create(ParensNode.create(join.on.on), filter) : filter) };
  }

  protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
    return this.once(node, (query) => {
      const transformed = super.transformSelectQuery(query);
      const joins = transformed.joins ?? [];
      const outer = (j: JoinNode) => OUTER_JOINS.has(j.joinType);
      const scoped = this.scope(transformed, [...(transformed.from?.froms ?? []), ...joins.filter((j) => !outer(j)).map((j) => j.table)]);
      return joins.some(outer) ? { ...scoped, joins: joins.map((j) => (outer(j) ? this.scopeOuterJoin(j) : j)) } : scoped;
    });
  }

  protected override transformUpdateQuery(node: UpdateQueryNode): UpdateQueryNode {
    return this.once(node, (query) => {
      const transformed = super.transformUpdateQuery(query);
      return this.scope(transformed, [transformed.table, ...(transformed.from?.froms ?? [])]);
    });
  }

  protected override transformDeleteQuery(node: DeleteQueryNode): DeleteQueryNode {
    return this.once(node, (query) => {
      const transformed = super.transformDeleteQuery(query);
      return this.scope(transformed, [...transformed.from.froms]);
    });
  }

  /** Inserts into a tenant table get the organisation's id; an explicit other id fails the RLS check. */
  protected override transformInsertQuery(node: InsertQueryNode): InsertQueryNode {
    return this.once(node, (query) => this.withOrganisationColumn(super.transformInsertQuery(query)));
  }

  private withOrganisationColumn(transformed: InsertQueryNode): InsertQueryNode {
    const table = tenantTableRef(transformed.into);
    const columns = transformed.columns ?? [];
    if (!table || columns.some((c) => c.column.name === 'org_id')) return transformed;
    const values = transformed.values;
    if (!values || values.kind !== 'ValuesNode') return transformed;
    const rows = (values as ValuesNode).values.map((row) =>
      row.kind === 'PrimitiveValueListNode'
        ? PrimitiveValueListNode.create([...row.values, this.orgId])
        : ValueListNode.create([...row.values, ValueNode.create(this.orgId)]),
    );
    return { ...transformed, columns: [...columns, ColumnNode.create('org_id')], values: ValuesNode.create(rows) };
  }
}

/**
 * First wall of tenant isolation: every query on a tenant table made through a scoped database
 * is limited to one organisation, whatever the handler wrote. Row-level security is the second.
 */
export class TenantScopePlugin implements KyselyPlugin {
  private readonly transformer: TenantScopeTransformer;
  constructor(orgId: number) {
    this.transformer = new TenantScopeTransformer(orgId);
  }
  transformQuery(args: PluginTransformQueryArgs) {
    return this.transformer.transformNode(args.node, args.queryId);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

export type ScopedDb = Transaction<Database>;

/**
 * Runs `work` in one transaction as the tenant role with the organisation set, through the
 * tenant plugin: the one place where a request's data access is bound to its organisation.
 */
export async function withOrganisation<T>(db: Kysely<Database>, orgId: number, work: (scoped: ScopedDb) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => work(await bindOrganisation(trx, orgId)));
}

/** Switches a transaction to the tenant role and the organisation, and scopes it by the plugin. */
export async function bindOrganisation(trx: Transaction<Database>, orgId: number): Promise<ScopedDb> {
  await sql`select set_config('role', ${APP_ROLE}, true), set_config('app.org_id', ${String(orgId)}, true)`.execute(trx);
  return scopedTo(trx, orgId);
}

/** A transaction already running as the tenant role for `orgId` (see `resolveSession`'s `bindTenant`), scoped by the plugin too. */
export function scopedTo(trx: Transaction<Database>, orgId: number): ScopedDb {
  return trx.withPlugin(new TenantScopePlugin(orgId));
}
