/**
 * The rules a Formily form schema states about its values, checked without rendering it: a field's
 * `required`, `pattern`, `maxLength`/`minLength`, `minimum`/`maximum`, `enum` and the same rules
 * written in `x-validator`. The server checks a case's form on submit with it; the page may run the
 * same check before sending. A field that reactions may hide is checked only when it has a value.
 */

/** The part of a Formily node the rules read. */
export interface FormNode {
  type?: string;
  title?: string;
  required?: boolean | string[];
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  properties?: Record<string, FormNode>;
  items?: FormNode;
  'x-validator'?: unknown;
  'x-visible'?: unknown;
  'x-hidden'?: unknown;
  'x-display'?: unknown;
  [key: string]: unknown;
}

export interface FormProblem {
  /** Dotted path of the value: `applicant.name`, `owners.0.name`. */
  path: string;
  title: string;
  message: string;
}

interface Rule {
  required?: boolean;
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  message?: string;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** A field hidden by a constant flag is not asked for. */
const hidden = (node: FormNode) => node['x-visible'] === false || node['x-hidden'] === true || node['x-display'] === 'none' || node['x-display'] === 'hidden';

/** A field whose reactions may show or hide it (priority details shown only when priority is claimed): the page decides whether it is asked for. */
const conditional = (node: FormNode) => /visible|hidden|display/.test(JSON.stringify(node['x-reactions'] ?? ''));

function validatorRules(node: FormNode): Rule[] {
  const raw = node['x-validator'];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.filter((r): r is Rule => typeof r === 'object' && r !== null);
}

function enumValues(values: unknown[]): unknown[] {
  return values.map((v) => (typeof v === 'object' && v !== null && 'value' in v ? (v as { value: unknown }).value : v));
}

const length = (value: unknown) => (typeof value === 'string' ? [...value].length : Array.isArray(value) ? value.length : undefined);

function fieldProblems(node: FormNode, value: unknown, requiredByParent: boolean): string[] {
  const rules: Rule[] = [
    {
      required: node.required === true || requiredByParent,
      pattern: node.pattern,
      maxLength: node.maxLength,
      minLength: node.minLength,
      minimum: node.minimum,
      maximum: node.maximum,
    },
    ...validatorRules(node),
  ];
  const problems: string[] = [];
  if (isEmpty(value)) {
    const rule = rules.find((r) => r.required);
    if (rule) problems.push(rule.message ?? '不能为空');
    return problems;
  }
  for (const rule of rules) {
    const len = length(value);
    if (rule.pattern !== undefined && typeof value === 'string' && !new RegExp(rule.pattern, 'u').test(value)) problems.push(rule.message ?? '格式不对');
    if (rule.maxLength !== undefined && len !== undefined && len > rule.maxLength) problems.push(rule.message ?? `不能超过 ${rule.maxLength} 个字`);
    if (rule.minLength !== undefined && len !== undefined && len < rule.minLength) problems.push(rule.message ?? `不能少于 ${rule.minLength} 个字`);
    if (rule.maximum !== undefined && typeof value === 'number' && value > rule.maximum) problems.push(rule.message ?? `不能大于 ${rule.maximum}`);
    if (rule.minimum !== undefined && typeof value === 'number' && value < rule.minimum) problems.push(rule.message ?? `不能小于 ${rule.minimum}`);
  }
  if (Array.isArray(node.enum) && node.enum.length > 0) {
    const allowed = enumValues(node.enum);
    const given = Array.isArray(value) ? value : [value];
    if (given.some((v) => !allowed.includes(v))) problems.push('不在可选值中');
  }
  return problems;
}

/**
 * Every broken rule of `values` against the form `schema`. Layout (`void`) nodes are walked
 * through without a path of their own; objects and arrays nest their fields.
 */
export function formProblems(schema: FormNode, values: unknown): FormProblem[] {
  const problems: FormProblem[] = [];
  const walkChildren = (node: FormNode, holder: unknown, path: string[]) => {
    const requiredNames = Array.isArray(node.required) ? node.required : [];
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (hidden(child)) continue;
      if (child.type === 'void') {
        walkChildren(child, holder, path);
        continue;
      }
      const value = typeof holder === 'object' && holder !== null ? (holder as Record<string, unknown>)[name] : undefined;
      if (conditional(child) && isEmpty(value)) continue;
      walkField(child, value, [...path, name], requiredNames.includes(name));
    }
  };
  const walkField = (node: FormNode, value: unknown, path: string[], requiredByParent: boolean) => {
    const title = node.title ?? path[path.length - 1] ?? '';
    for (const message of fieldProblems(node, value, requiredByParent)) problems.push({ path: path.join('.'), title, message });
    if (node.type === 'object' || (node.properties && node.type !== 'array')) walkChildren(node, value, path);
    if (node.type === 'array' && node.items && Array.isArray(value)) {
      value.forEach((item, index) => {
        const itemPath = [...path, String(index)];
        if (node.items!.properties) walkChildren(node.items!, item, itemPath);
        else walkField(node.items!, item, itemPath, false);
      });
    }
  };
  walkChildren(schema, values, []);
  return problems;
}

/** One problem as a sentence naming the field: “申请人名称不能为空”. */
export const problemText = (problem: FormProblem) => `${problem.title}${problem.message}`;
