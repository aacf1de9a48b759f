import type { JsonSchema } from '../../shared/operation.js';

const SAMPLE_ROWS = 3;
const MAX_DEPTH = 8;
const SAMPLE_DATE = '2026-01-15';

export type SampleChoice = string | number | boolean;
/** Field name to the values a page declares for it (a table column's options, a field's enum). */
export type SampleChoices = Record<string, SampleChoice[]>;

interface SampleContext {
  resolve: (ref: string) => JsonSchema | undefined;
  choices: SampleChoices;
}

/**
 * Plausible data shaped by a JSON Schema, for previewing a page without touching real records:
 * every list has three items, texts say which field they fill, numbers count up.
 * `resolve` turns a `$ref` into the schema it names. A field named in `choices` takes those values
 * in turn, row by row, so a page shows its options' labels rather than codes it does not know.
 */
export function sampleFromSchema(schema: JsonSchema, resolve: (ref: string) => JsonSchema | undefined, choices: SampleChoices = {}): unknown {
  return sample(schema, { resolve, choices }, 0, 0);
}

/** A declared value typed like the sample it replaces: option keys are text, a field may be a number. */
function typedLike(choice: SampleChoice, sampled: unknown): SampleChoice {
  if (typeof sampled === 'number' && typeof choice === 'string' && choice.trim() !== '' && !Number.isNaN(Number(choice))) return Number(choice);
  if (typeof sampled === 'boolean' && (choice === 'true' || choice === 'false')) return choice === 'true';
  if (typeof sampled === 'string' && typeof choice !== 'string') return String(choice);
  return choice;
}

function sample(schema: JsonSchema, ctx: SampleContext, depth: number, index: number): unknown {
  if (depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string') {
    const target = ctx.resolve(schema.$ref);
    return target ? sample(target, ctx, depth + 1, index) : null;
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[index % schema.enum.length];
  if (schema.default !== undefined && typeof schema.default !== 'object') return schema.default;
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (variants?.length) return sample(variants[0], ctx, depth + 1, index);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? types[0];
  const label = typeof schema.title === 'string' ? schema.title : '内容';
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(properties)) {
        const value = sample(sub, ctx, depth + 1, index);
        const declared = Object.hasOwn(ctx.choices, key) ? ctx.choices[key] : undefined;
        const scalar = value === null || typeof value !== 'object';
        out[key] = declared?.length && scalar ? typedLike(declared[index % declared.length], value) : value;
      }
      // A paged reply counts its own sample rows.
      if (Array.isArray(out.list) && 'count' in properties) out.count = out.list.length;
      return out;
    }
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      return Array.from({ length: SAMPLE_ROWS }, (_, i) => sample(items, ctx, depth + 1, i));
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
