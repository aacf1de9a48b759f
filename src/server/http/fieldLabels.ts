import type { JsonSchema } from '../../shared/operation.js';

/** Where a value sits in a request body: property names, and array indexes as numbers or digit strings. */
export type BodyPath = readonly (string | number)[];

/** The Chinese name of a place in a request body, as a refusal says it: “商品/服务项目第 2 项”, “商品/服务名称”. */
export type FieldLabeller = (path: BodyPath) => string;

const isIndex = (segment: string | number) => typeof segment === 'number' || /^\d+$/.test(segment);

/**
 * Names places of a request by the titles of its schema: a property by its title (its name when it
 * has none), a list item by its own title or as the list's numbered item, a key of a free-form object
 * as “对象中的 键”. Only the title written where a field is declared counts: a shared schema's own title
 * is its type name (GoodsItem), not a field's.
 */
export function fieldLabeller(schema: JsonSchema, resolve: (ref: string) => JsonSchema | undefined): FieldLabeller {
  const follow = (node: JsonSchema | undefined): JsonSchema | undefined => {
    const seen = new Set<string>();
    while (node && typeof node.$ref === 'string' && !seen.has(node.$ref)) {
      seen.add(node.$ref);
      node = resolve(node.$ref);
    }
    return node;
  };
  const titleOf = (node: JsonSchema | undefined) => (typeof node?.title === 'string' ? node.title : undefined);
  return (path) => {
    let node: JsonSchema | undefined = schema;
    let label = '';
    for (const segment of path) {
      const here = follow(node);
      const properties = here?.properties as Record<string, JsonSchema> | undefined;
      const items = here?.items && typeof here.items === 'object' && !Array.isArray(here.items) ? (here.items as JsonSchema) : undefined;
      if (items && isIndex(segment)) {
        node = items;
        label = titleOf(items) ?? `${label}第 ${Number(segment) + 1} 项`;
      } else if (properties && Object.hasOwn(properties, segment)) {
        node = properties[segment];
        label = titleOf(node) ?? String(segment);
      } else {
        node = here?.additionalProperties && typeof here.additionalProperties === 'object' ? (here.additionalProperties as JsonSchema) : undefined;
        label = label ? `${label}中的 ${String(segment)}` : String(segment);
      }
    }
    return label;
  };
}

/** The segments of an Ajv instance path (`/goodsItems/0/name`). */
export function pathOfPointer(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
