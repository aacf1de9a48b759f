import type { JsonSchema } from '../shared/operation.js';
import type { SchemaFile } from './schemaFiles.js';
import { filesOfKind } from './schemaFiles.js';

/**
 * The database tables as schemas/ describe them. A table is described either by the one entity
 * that carries `x-storage` (its properties are the columns unless `x-column: false`, plus the
 * storage-only columns listed there) or by a file under schemas/tables/ (a table no API record
 * shows). Each column is a JSON Schema of its value plus storage keywords: `x-column` (its name,
 * when not the property's snake_case), `x-sql` (its SQL type, when not the one its JSON type
 * implies), `x-default` (the database fills it: it may be left out of an insert), `x-immutable`
 * (never updated), `x-ts` (the TypeScript type read, when not the one the value schema gives) and
 * `x-write` (the TypeScript type written, when not the one read).
 */
export interface TableColumn {
  name: string;
  /** The column's value schema, `$ref`s to other properties resolved, storage keywords kept. */
  schema: JsonSchema;
  sql: string;
  nullable: boolean;
  description?: string;
}

export interface TableDescription {
  table: string;
  /** The schema file that describes it, under schemas/. */
  file: string;
  description: string;
  /** Rows belong to one organisation (an `org_id` column), scoped by the tenant plugin and row-level security. */
  tenant: boolean;
  columns: TableColumn[];
}

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function jsonTypes(schema: JsonSchema): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

/** The SQL type a column's JSON type implies when it names none. */
export function impliedSqlType(schema: JsonSchema): string {
  const [type] = jsonTypes(schema).filter((t) => t !== 'null');
  if (type === 'integer') return 'integer';
  if (type === 'boolean') return 'boolean';
  if (type === 'string') return schema.format === 'date-time' ? 'timestamp with time zone' : schema.format === 'date' ? 'date' : 'text';
  return 'jsonb';
}

/** Follows a `$ref` to a property of another schema (`…/entities/trademark.json#/properties/tmName`). */
function resolvePropertyRef(ref: string, byId: Map<string, JsonSchema>): JsonSchema | undefined {
  const [id, pointer] = ref.split('#');
  if (!pointer) return undefined;
  let node: unknown = byId.get(id!);
  for (const part of pointer.split('/').slice(1)) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node as JsonSchema | undefined;
}

function column(name: string, raw: JsonSchema, byId: Map<string, JsonSchema>): TableColumn {
  let schema = raw;
  if (typeof raw.$ref === 'string' && raw.$ref.includes('#')) {
    const target = resolvePropertyRef(raw.$ref, byId) ?? {};
    const { $ref: _ref, ...own } = raw;
    void _ref;
    const borrowed = Object.fromEntries(Object.entries(target).filter(([key]) => !key.startsWith('x-')));
    schema = { ...borrowed, ...own };
  }
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  return {
    name,
    schema,
    sql: typeof schema['x-sql'] === 'string' ? (schema['x-sql'] as string) : impliedSqlType(schema),
    nullable: jsonTypes(schema).includes('null'),
    ...(description ? { description } : {}),
  };
}

/** Every table schemas/ describes, by table name. */
export function tableDescriptions(files: SchemaFile[]): TableDescription[] {
  const byId = new Map(files.map((f) => [f.id, f.body]));
  const tables: TableDescription[] = [];
  for (const f of filesOfKind(files, 'entities')) {
    const storage = f.body['x-storage'] as { tenant?: boolean; description?: string; columns?: Record<string, JsonSchema> } | undefined;
    if (!storage) continue;
    const columns = Object.entries((f.body.properties ?? {}) as Record<string, JsonSchema>)
      .filter(([, property]) => property['x-column'] !== false)
      .map(([property, schema]) => column(typeof schema['x-column'] === 'string' ? (schema['x-column'] as string) : snakeCase(property), schema, byId));
    for (const [name, schema] of Object.entries(storage.columns ?? {})) columns.push(column(name, schema, byId));
    const description = storage.description ?? (f.body.description as string);
    tables.push({ table: f.body['x-table'] as string, file: f.file, description, tenant: storage.tenant === true, columns });
  }
  for (const f of filesOfKind(files, 'tables')) {
    const columns = Object.entries(f.body.columns as Record<string, JsonSchema>).map(([name, schema]) => column(name, schema, byId));
    tables.push({ table: f.body.table as string, file: f.file, description: f.body.description as string, tenant: f.body.tenant === true, columns });
  }
  return tables.sort((a, b) => a.table.localeCompare(b.table));
}
