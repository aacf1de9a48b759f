import type { JsonSchema } from '../src/shared/operation.js';

/** A schema whose `x-enum-titles` name its values gets them in its description ("0 公有云同步，1 手动录入"), for readers of the types and of OpenAPI. */
export function withEnumTitlesDescribed(schema: JsonSchema): JsonSchema {
  const titles = schema['x-enum-titles'] as string[] | undefined;
  const values = schema.enum as unknown[] | undefined;
  if (!titles || !values) return schema;
  const list = values.map((value, i) => `${String(value)} ${titles[i]}`).join('，');
  return { ...schema, description: typeof schema.description === 'string' ? `${schema.description}；${list}` : list };
}
