/**
 * Keywords our schema files use beyond JSON Schema: Formily's rendering keywords, our own
 * annotations, and json-schema-to-typescript's `tsType`. Ajv runs in strict mode, so each one
 * is declared instead of silently ignored.
 */
export const FORMILY_KEYWORDS = [
  'x-component',
  'x-component-props',
  'x-decorator',
  'x-decorator-props',
  'x-content',
  'x-index',
  'x-reactions',
  'x-validator',
  'x-visible',
  'x-hidden',
  'x-display',
  'x-pattern',
  'x-editable',
  'x-read-only',
  'x-disabled',
  'x-data',
] as const;

export const PROJECT_KEYWORDS = ['x-permission', 'x-table', 'x-enum-titles', 'x-queries', 'x-page-query', 'x-row-columns', 'tsType'] as const;

/** How an entity's record is stored (schemas/meta/table.schema.json); the generator of the table types reads them. */
export const STORAGE_KEYWORDS = ['x-storage', 'x-column', 'x-sql', 'x-default', 'x-immutable', 'x-ts', 'x-write'] as const;

export const ANNOTATION_KEYWORDS: string[] = [...FORMILY_KEYWORDS, ...PROJECT_KEYWORDS, ...STORAGE_KEYWORDS];

/**
 * Ajv options shared by the schema check and the server: unknown keywords are errors, nothing is
 * coerced or silently removed. strictRequired/strictTypes stay off because `required` is
 * legitimately listed beside `anyOf` branches and nullable unions are common in records.
 */
export const AJV_OPTIONS = {
  strictSchema: true,
  strictNumbers: true,
  strictTuples: true,
  strictTypes: false,
  strictRequired: false,
  allErrors: true,
  keywords: ANNOTATION_KEYWORDS,
} as const;
