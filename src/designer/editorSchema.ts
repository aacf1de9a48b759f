import type { ComponentDescription, DesignerEditorContextResponse } from '../generated/types.js';

type Schema = Record<string, unknown>;
import type { DesignableKind } from './designerTypes.js';

const META_OF_KIND: Record<DesignableKind, string> = {
  pages: 'meta/page.schema.json',
  forms: 'meta/form.schema.json',
  fields: 'meta/field-type.schema.json',
  caseTypes: 'meta/case-type.schema.json',
};
const NODE = '#/definitions/node';

/**
 * Rewrites one schema for the editor: references to the Formily node point at the enriched node
 * below, the name formats become lists to pick from, and references the editor cannot load are
 * dropped rather than reported as errors of the user's text.
 */
function adapt(value: unknown, names: Record<string, string[]>): unknown {
  if (Array.isArray(value)) return value.map((v) => adapt(v, names));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Schema;
  if (typeof source.$ref === 'string') {
    if (source.$ref === '#' || /meta\/formily\.schema\.json#?$/.test(source.$ref)) return { ...source, $ref: NODE };
    const { $ref: _dropped, ...rest } = source;
    return adapt(rest, names);
  }
  const out: Schema = {};
  for (const [key, sub] of Object.entries(source))
    out[key] = key === 'properties' || key === 'definitions' ? mapValues(sub as Schema, (s) => adapt(s, names)) : adapt(sub, names);
  if (typeof source.format === 'string' && names[source.format]) {
    delete out.format;
    out.enum = names[source.format];
  }
  return out;
}

const mapValues = (o: Schema, f: (v: unknown) => unknown): Schema => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

function componentRules(components: ComponentDescription[], names: Record<string, string[]>): Schema[] {
  return components
    .filter((c) => c.kind !== 'decorator')
    .map((c) => ({
      if: { properties: { 'x-component': { const: c.name } }, required: ['x-component'] },
      then: { properties: { 'x-component-props': adapt({ ...c.props, title: `${c.title}的属性` }, names) } },
    }));
}

/**
 * The JSON Schema the source editor validates and completes a schema of `kind` against: its
 * meta-schema, with every node's `x-component`, `x-decorator` and `x-permission` a list to pick
 * from and each component's props described by its own description.
 */
export function editorSchema(kind: DesignableKind, context: DesignerEditorContextResponse): Schema {
  const names = {
    operation: context.operations.map((o) => o.id),
    permission: context.permissions.map((p) => p.value),
  };
  const blocks = context.components.filter((c) => c.kind !== 'decorator');
  const decorators = context.components.filter((c) => c.kind === 'decorator');
  const formily = adapt(context.metaSchemas['meta/formily.schema.json'], names) as Schema;
  const nodeProperties = { ...(formily.properties as Schema) };
  nodeProperties['x-component'] = {
    type: 'string',
    enum: blocks.map((c) => c.name),
    enumDescriptions: blocks.map((c) => `${c.title}：${c.description ?? ''}`),
    description: '构件名',
  };
  nodeProperties['x-decorator'] = {
    type: 'string',
    enum: decorators.map((c) => c.name),
    enumDescriptions: decorators.map((c) => c.title),
    description: '装饰器',
  };
  nodeProperties['x-permission'] = {
    type: 'string',
    enum: names.permission,
    enumDescriptions: context.permissions.map((p) => p.label),
    description: '缺少此权限时不渲染该节点',
  };
  const node = { ...formily, properties: nodeProperties, allOf: componentRules(context.components, names) };
  const root = adapt(context.metaSchemas[META_OF_KIND[kind]], names) as Schema;
  return { ...root, definitions: { node } };
}
