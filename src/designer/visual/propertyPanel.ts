import type { ComponentDescription, FormilyNode } from '../../generated/types.js';

/**
 * The property panel of the visual builder: a Formily form generated from the selected node's
 * component description (its props schema), plus the node's own settings: name, title, required,
 * permission, validation rules and linkage to another field. `nodeToValues` and `valuesToNode`
 * translate between the node and the panel's values without losing what the panel does not show.
 */
type Schema = Record<string, unknown>;

export interface LinkageRule {
  field: string;
  operator: 'equals' | 'notEquals' | 'filled';
  value?: string;
  effect: 'visible' | 'disabled';
}

export interface ValidationRule {
  kind: 'required' | 'maxLength' | 'minLength' | 'pattern' | 'format';
  value?: string;
  message?: string;
}

export interface PanelValues {
  key: string;
  title?: string;
  content?: string;
  permission?: string;
  rules: ValidationRule[];
  linkage: LinkageRule[];
  props: Record<string, unknown>;
}

export interface PanelChoices {
  operations: { id: string; summary: string }[];
  permissions: { value: string; label: string }[];
  /** Data fields beside the selected node, for linkage. */
  siblings: string[];
  /** The queries the page declares (x-queries), for the props that name one. */
  queries?: { name: string; title?: string }[];
}

const option = (label: string, value: string) => ({ label, value });

/** One prop of a component description as a panel field. */
function propField(schema: Schema, choices: PanelChoices, required: boolean): Schema {
  const title = (schema.title as string | undefined) ?? '';
  const base: Schema = { title, description: schema.description, 'x-decorator': 'FormItem', required };
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  if (schema.format === 'operation')
    return {
      ...base,
      type: 'string',
      'x-component': 'Select',
      'x-component-props': { showSearch: true, allowClear: true },
      enum: choices.operations.map((o) => option(`${o.id}（${o.summary}）`, o.id)),
    };
  if (schema['x-page-query'] === true)
    return {
      ...base,
      type: 'string',
      'x-component': 'Select',
      'x-component-props': { allowClear: true, placeholder: '在页面根节点的 x-queries 中声明' },
      enum: (choices.queries ?? []).map((q) => option(q.title ? `${q.title}（${q.name}）` : q.name, q.name)),
    };
  if (schema.format === 'permission')
    return {
      ...base,
      type: 'string',
      'x-component': 'Select',
      'x-component-props': { showSearch: true, allowClear: true },
      enum: choices.permissions.map((p) => option(`${p.label}（${p.value}）`, p.value)),
    };
  if (Array.isArray(schema.enum))
    return {
      ...base,
      'x-component': 'Select',
      'x-component-props': { allowClear: true },
      enum: (schema.enum as unknown[]).map((v) => ({ label: String(v), value: v })),
    };
  if (type === 'boolean') return { ...base, type: 'boolean', 'x-component': 'Switch' };
  if (type === 'integer' || type === 'number') return { ...base, type: 'number', 'x-component': 'NumberPicker' };
  if (type === 'string') return { ...base, type: 'string', 'x-component': 'Input', 'x-component-props': { allowClear: true } };
  const items = schema.items as Schema | undefined;
  if (type === 'array' && items?.type === 'string') {
    const operations = items.format === 'operation';
    return {
      ...base,
      type: 'array',
      'x-component': 'Select',
      'x-component-props': { mode: operations ? 'multiple' : 'tags' },
      enum: operations ? choices.operations.map((o) => option(o.id, o.id)) : undefined,
    };
  }
  if (type === 'array' && items?.type === 'object' && items.properties) {
    // A list of records (table columns, buttons): each record a small card of its own fields.
    const itemRequired = new Set((items.required as string[] | undefined) ?? []);
    const itemFields = Object.fromEntries(
      Object.entries(items.properties as Record<string, Schema>).map(([k, s]) => [k, propField(s, choices, itemRequired.has(k))]),
    );
    return {
      ...base,
      type: 'array',
      'x-component': 'ArrayItems',
      items: {
        type: 'object',
        'x-decorator': 'ArrayItems.Item',
        properties: {
          tools: {
            type: 'void',
            'x-component': 'Space',
            properties: {
              up: { type: 'void', 'x-component': 'ArrayItems.MoveUp' },
              down: { type: 'void', 'x-component': 'ArrayItems.MoveDown' },
              remove: { type: 'void', 'x-component': 'ArrayItems.Remove' },
            },
          },
          fields: { type: 'void', 'x-component': 'FormLayout', 'x-component-props': { layout: 'vertical', size: 'small' }, properties: itemFields },
        },
      },
      properties: { add: { type: 'void', title: `添加${title}`, 'x-component': 'ArrayItems.Addition' } },
    };
  }
  // Anything richer (an embedded form, a nested object) is edited as JSON text.
  return { ...base, type: 'string', 'x-component': 'JsonText' };
}

/** Props whose panel field holds JSON text rather than the value itself. */
export function jsonProps(description: ComponentDescription, choices: PanelChoices): string[] {
  const properties = (description.props.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties)
    .filter(([, s]) => propField(s, choices, false)['x-component'] === 'JsonText')
    .map(([k]) => k);
}

/** A list of one-line rows (rules, linkage), each row its fields side by side with a remove button. */
function rowList(title: string, addTitle: string, description: string | undefined, row: Schema): Schema {
  return {
    type: 'array',
    title,
    description,
    'x-decorator': 'FormItem',
    'x-component': 'ArrayItems',
    items: {
      type: 'object',
      'x-decorator': 'ArrayItems.Item',
      properties: { row: { type: 'void', 'x-component': 'Space', properties: { ...row, remove: { type: 'void', 'x-component': 'ArrayItems.Remove' } } } },
    },
    properties: { add: { type: 'void', title: addTitle, 'x-component': 'ArrayItems.Addition' } },
  };
}

const TEXT_COMPONENTS = new Set(['Title', 'Paragraph', 'Text', 'Submit', 'Reset', 'RouterLink']);

export function panelSchema(description: ComponentDescription | undefined, node: FormilyNode, choices: PanelChoices, takenKeys: string[] = []): Schema {
  const isField = node.type !== 'void';
  const nodeFields: Schema = {
    key: {
      type: 'string',
      title: '字段名',
      'x-decorator': 'FormItem',
      'x-component': 'Input',
      required: true,
      description: isField ? '提交给接口的字段名' : '节点在描述中的名字',
      'x-validator': [
        { pattern: '^[A-Za-z_][A-Za-z0-9_]*$', message: '字段名只能由字母、数字和下划线组成，且不以数字开头' },
        (value: string) => (takenKeys.includes(value) ? '字段名已被同级节点使用' : ''),
      ],
    },
    ...(isField ? { title: { type: 'string', title: '标题', 'x-decorator': 'FormItem', 'x-component': 'Input' } } : {}),
    ...(TEXT_COMPONENTS.has(description?.name ?? '') ? { content: { type: 'string', title: '文字', 'x-decorator': 'FormItem', 'x-component': 'Input' } } : {}),
    permission: {
      type: 'string',
      title: '需要的权限',
      description: '缺少此权限的用户看不到这一项',
      'x-decorator': 'FormItem',
      'x-component': 'Select',
      'x-component-props': { allowClear: true, showSearch: true },
      enum: choices.permissions.map((p) => option(`${p.label}（${p.value}）`, p.value)),
    },
  };
  const rules: Schema = isField
    ? {
        rules: rowList('校验规则', '添加规则', undefined, {
          kind: {
            type: 'string',
            'x-component': 'Select',
            'x-component-props': { placeholder: '规则', style: { width: 110 } },
            enum: [
              option('必填', 'required'),
              option('最多字数', 'maxLength'),
              option('最少字数', 'minLength'),
              option('正则', 'pattern'),
              option('格式', 'format'),
            ],
          },
          value: { type: 'string', 'x-component': 'Input', 'x-component-props': { placeholder: '取值', style: { width: 100 } } },
          message: { type: 'string', 'x-component': 'Input', 'x-component-props': { placeholder: '提示文字' } },
        }),
        linkage: rowList('联动', '添加联动', '根据同一表单中另一字段的值显示或禁用本字段', {
          field: {
            type: 'string',
            'x-component': 'Select',
            'x-component-props': { placeholder: '当字段', style: { width: 110 } },
            enum: choices.siblings.map((s) => option(s, s)),
          },
          operator: {
            type: 'string',
            'x-component': 'Select',
            'x-component-props': { style: { width: 90 } },
            enum: [option('等于', 'equals'), option('不等于', 'notEquals'), option('已填写', 'filled')],
            default: 'equals',
          },
          value: { type: 'string', 'x-component': 'Input', 'x-component-props': { placeholder: '值', style: { width: 90 } } },
          effect: {
            type: 'string',
            'x-component': 'Select',
            'x-component-props': { style: { width: 80 } },
            enum: [option('显示', 'visible'), option('禁用', 'disabled')],
            default: 'visible',
          },
        }),
      }
    : {};
  const propsSchema = (description?.props ?? { properties: {} }) as Schema;
  const required = new Set((propsSchema.required as string[] | undefined) ?? []);
  const props = Object.fromEntries(
    Object.entries((propsSchema.properties ?? {}) as Record<string, Schema>).map(([k, s]) => [k, propField(s, choices, required.has(k))]),
  );
  return {
    type: 'object',
    properties: {
      node: { type: 'void', 'x-component': 'FormLayout', 'x-component-props': { layout: 'vertical', size: 'small' }, properties: { ...nodeFields, ...rules } },
      props: { type: 'object', 'x-component': 'FormLayout', 'x-component-props': { layout: 'vertical', size: 'small' }, properties: props },
    },
  };
}

function rulesOf(node: FormilyNode): ValidationRule[] {
  const raw = node['x-validator'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const rules: ValidationRule[] = [];
  for (const item of list) {
    if (typeof item === 'string') rules.push({ kind: 'format', value: item });
    else if (item && typeof item === 'object') {
      const r = item as Record<string, unknown>;
      const message = typeof r.message === 'string' ? r.message : undefined;
      for (const kind of ['required', 'maxLength', 'minLength', 'pattern', 'format'] as const) {
        if (r[kind] !== undefined && r[kind] !== false) rules.push({ kind, value: kind === 'required' ? undefined : String(r[kind]), message });
      }
    }
  }
  if (node.required === true && !rules.some((r) => r.kind === 'required')) rules.unshift({ kind: 'required' });
  return rules;
}

const LINKAGE = /^\{\{(!?)\(?\$deps\[0\] (===|!==) (.+?)\)?\}\}$/;
const FILLED = /^\{\{(!?)\(\$deps\[0\] !== undefined && \$deps\[0\] !== null && \$deps\[0\] !== ''\)\}\}$/;

function linkageOf(node: FormilyNode): LinkageRule[] | null {
  const reactions = node['x-reactions'];
  if (reactions === undefined) return [];
  const list = Array.isArray(reactions) ? reactions : [reactions];
  const out: LinkageRule[] = [];
  for (const r of list as Record<string, unknown>[]) {
    const deps = r?.dependencies as string[] | undefined;
    const state = (r?.fulfill as { state?: Record<string, string> } | undefined)?.state;
    if (!deps || deps.length !== 1 || !state) return null;
    const [effect, expression] = Object.entries(state)[0] ?? [];
    if ((effect !== 'visible' && effect !== 'disabled') || typeof expression !== 'string') return null;
    const field = deps[0].replace(/^\./, '');
    if (FILLED.test(expression)) out.push({ field, operator: 'filled', effect });
    else {
      const m = LINKAGE.exec(expression);
      if (!m) return null;
      out.push({ field, operator: m[2] === '===' ? 'equals' : 'notEquals', value: String(JSON.parse(m[3])), effect });
    }
  }
  return out;
}

export function nodeToValues(key: string, node: FormilyNode, jsonKeys: string[] = []): PanelValues {
  const props = { ...((node['x-component-props'] ?? {}) as Record<string, unknown>) };
  for (const k of jsonKeys) if (props[k] !== undefined) props[k] = JSON.stringify(props[k], null, 2);
  return {
    key,
    title: node.title,
    content: typeof node['x-content'] === 'string' ? node['x-content'] : undefined,
    permission: node['x-permission'],
    rules: rulesOf(node),
    linkage: linkageOf(node) ?? [],
    props,
  };
}

/** True when the node's x-reactions are of a kind the panel can show and rewrite. */
export function linkageEditable(node: FormilyNode): boolean {
  return linkageOf(node) !== null;
}

function reactionOf(rule: LinkageRule): Record<string, unknown> {
  const condition =
    rule.operator === 'filled'
      ? "($deps[0] !== undefined && $deps[0] !== null && $deps[0] !== '')"
      : `$deps[0] ${rule.operator === 'equals' ? '===' : '!=='} ${JSON.stringify(rule.value ?? '')}`;
  return { dependencies: [`.${rule.field}`], fulfill: { state: { [rule.effect]: `{{${condition}}}` } } };
}

function validatorOf(rule: ValidationRule): Record<string, unknown> {
  const message = rule.message ? { message: rule.message } : {};
  switch (rule.kind) {
    case 'required':
      return { required: true, ...message };
    case 'maxLength':
    case 'minLength':
      return { [rule.kind]: Number(rule.value), ...message };
    default:
      return { [rule.kind]: rule.value ?? '', ...message };
  }
}

/** The node with the panel's values applied; everything the panel does not manage is kept. */
export function valuesToNode(node: FormilyNode, values: PanelValues, jsonKeys: string[] = []): FormilyNode {
  const next: FormilyNode = { ...node };
  const set = <K extends keyof FormilyNode>(key: K, value: FormilyNode[K] | undefined) => {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
    else next[key] = value;
  };
  if (node.type !== 'void') {
    set('title', values.title);
    const rules = values.rules.filter((r) => r.kind);
    set('required', rules.some((r) => r.kind === 'required') ? true : undefined);
    set('x-validator', rules.length > 0 ? rules.map(validatorOf) : undefined);
    if (linkageEditable(node)) {
      const linkage = values.linkage.filter((l) => l.field && l.effect);
      set('x-reactions', linkage.length > 0 ? linkage.map(reactionOf) : undefined);
    }
  }
  if (values.content !== undefined) set('x-content', values.content);
  set('x-permission', values.permission);
  const previous = (node['x-component-props'] ?? {}) as Record<string, unknown>;
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values.props ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (!jsonKeys.includes(k) || typeof v !== 'string') props[k] = v;
    else {
      // Half-typed JSON keeps the last value that parsed.
      try {
        props[k] = JSON.parse(v);
      } catch {
        if (previous[k] !== undefined) props[k] = previous[k];
      }
    }
  }
  set('x-component-props', Object.keys(props).length > 0 ? props : undefined);
  return next;
}
