import type { JsonSchema } from '../../shared/operation.js';
import { RICH_TEXT_MEDIA_TYPE } from '../../shared/richTextPolicy.js';

/** Where a rich-text string sits in a request: property names, with `*` for every array item. */
export type FieldPath = string[];

const isHtmlString = (schema: JsonSchema) =>
  schema.contentMediaType === RICH_TEXT_MEDIA_TYPE && (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string')));

/**
 * Every string of a request schema annotated `"contentMediaType": "text/html"`, following
 * properties, array items, combinators and `$ref`s to shared schemas.
 */
export function htmlFieldPaths(schema: JsonSchema, resolve: (ref: string) => JsonSchema | undefined): FieldPath[] {
  const found: FieldPath[] = [];
  const walk = (node: JsonSchema | undefined, path: FieldPath, refs: ReadonlySet<string>) => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      if (refs.has(node.$ref)) return;
      walk(resolve(node.$ref), path, new Set([...refs, node.$ref]));
    }
    if (isHtmlString(node)) found.push(path);
    for (const [name, child] of Object.entries((node.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      walk(child, [...path, name], refs);
    }
    if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) walk(node.items as JsonSchema, [...path, '*'], refs);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      for (const branch of (node[key] as JsonSchema[] | undefined) ?? []) walk(branch, path, refs);
    }
  };
  walk(schema, [], new Set());
  // The same place reached through two branches is cleaned once.
  const unique = new Map(found.map((p) => [JSON.stringify(p), p]));
  return [...unique.values()];
}

/** Replaces, in place, each string found at the paths with `clean(string)`. */
export function cleanHtmlFields(body: unknown, paths: readonly FieldPath[], clean: (html: string) => string): void {
  const visit = (holder: unknown, path: FieldPath) => {
    if (!holder || typeof holder !== 'object') return;
    const [head, ...rest] = path;
    const keys = head === '*' ? (Array.isArray(holder) ? holder.keys() : []) : [head];
    for (const key of keys) {
      const container = holder as Record<string | number, unknown>;
      if (rest.length > 0) visit(container[key], rest);
      else if (typeof container[key] === 'string') container[key] = clean(container[key] as string);
    }
  };
  for (const path of paths) if (path.length > 0) visit(body, path);
}
