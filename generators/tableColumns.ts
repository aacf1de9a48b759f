import type { JsonSchema } from '../src/shared/operation.js';
import { jsonTypes, type TableColumn } from '../src/schemaSource/tableDescriptions.js';
import { STORAGE_KEYWORDS } from '../src/shared/schemaKeywords.js';

/** The TypeScript type of a JSON value schema: named records by their type name. */
export function valueType(schema: JsonSchema, typeNames: Map<string, string>): string {
  if (typeof schema.tsType === 'string') return schema.tsType;
  if (typeof schema.$ref === 'string') return typeNames.get(schema.$ref) ?? 'unknown';
  const literals = (schema.enum ?? ('const' in schema ? [schema.const] : undefined)) as unknown[] | undefined;
  if (literals) return literals.map((value) => (typeof value === 'string' ? `'${value}'` : String(value))).join(' | ');
  const [type] = jsonTypes(schema).filter((t) => t !== 'null');
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string' || type === 'boolean') return type;
  if (type === 'array') {
    const item = valueType((schema.items ?? {}) as JsonSchema, typeNames);
    return item.includes(' ') ? `(${item})[]` : `${item}[]`;
  }
  if (type === 'object') return 'Record<string, unknown>';
  return 'unknown';
}

/** What Kysely reads, inserts and updates for a column. */
export function columnTypes(column: TableColumn, typeNames: Map<string, string>): { select: string; insert: string; update: string } {
  const { schema, sql } = column;
  const read = typeof schema['x-ts'] === 'string' ? (schema['x-ts'] as string) : sql === 'timestamp with time zone' ? 'Date' : valueType(schema, typeNames);
  const written =
    typeof schema['x-write'] === 'string'
      ? (schema['x-write'] as string)
      : sql === 'jsonb'
        ? 'string'
        : sql === 'timestamp with time zone'
          ? 'Date | string'
          : read;
  const orNull = column.nullable ? ' | null' : '';
  const select = read + orNull;
  const write = written + orNull;
  return {
    select,
    insert: schema['x-default'] === true ? `${write} | undefined` : write,
    update: schema['x-immutable'] === true ? 'never' : write,
  };
}

/** A column's Kysely type, as short as its meaning allows. */
export function kyselyType(column: TableColumn, typeNames: Map<string, string>): string {
  const { select, insert, update } = columnTypes(column, typeNames);
  if (select === insert && select === update) return select;
  if (insert === `${select} | undefined` && update === select) return `Generated<${select}>`;
  return `ColumnType<${select}, ${insert}, ${update}>`;
}

/** A schema without its storage keywords, as the API's schemas carry it. */
export function withoutStorage<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutStorage) as T;
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as JsonSchema)
      .filter(([key]) => !(STORAGE_KEYWORDS as readonly string[]).includes(key))
      .map(([key, value]) => [key, withoutStorage(value)]),
  ) as T;
}
