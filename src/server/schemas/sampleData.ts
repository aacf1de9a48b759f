import type { JsonSchema } from '../../shared/operation.js';

const SAMPLE_ROWS = 3;
const MAX_DEPTH = 8;
const SAMPLE_DATE = '2026-01-15';

/**
 * Plausible data shaped by a JSON Schema, for previewing a page without touching real records:
 * every list has three items, texts say which field they fill, numbers count up.
 * `resolve` turns a `$ref` into the schema it names.
 */
export function sampleFromSchema(schema: JsonSchema, resolve: (ref: string) => JsonSchema | undefined, depth = 0, index = 0): unknown {
  if (depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    return target ? sampleFromSchema(target, resolve, depth + 1, index) : null;
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[index % schema.enum.length];
  if (schema.default !== undefined && typeof schema.default !== 'object') return schema.default;
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (variants?.length) return sampleFromSchema(variants[0], resolve, depth + 1, index);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? types[0];
  const label = typeof schema.title === 'string' ? schema.title : '内容';
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(properties)) out[key] = sampleFromSchema(sub, resolve, depth + 1, index);
      // A paged reply counts its own sample rows.
      if (Array.isArray(out.list) && 'count' in properties) out.count = out.list.length;
      return out;
    }
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      return Array.from({ length: SAMPLE_ROWS }, (_, i) => sampleFromSchema(items, resolve, depth + 1, i));
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum + index : index + 1;
    case 'boolean':
      return index % 2 === 1;
    case 'string':
      if (schema.format === 'date-time') return `${SAMPLE_DATE}T0${index}:00:00.000Z`;
      if (schema.format === 'date') return SAMPLE_DATE;
      return `${label}示例${index + 1}`;
    case 'null':
      return null;
    default:
      return null;
  }
}
