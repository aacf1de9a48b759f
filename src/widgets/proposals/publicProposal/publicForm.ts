/** A Formily node as a proposal type's form writes it. */
export interface FormNode {
  'x-component'?: string;
  'x-component-props'?: Record<string, unknown>;
  'x-validator'?: unknown;
  required?: boolean | string[];
  properties?: Record<string, FormNode>;
  items?: FormNode;
  [key: string]: unknown;
}

/**
 * Fields that pick from the organisation's own records (its archive marks): an outside submitter
 * may see none of them, so on the public page they become a note and ask for nothing; whoever takes
 * the draft up links the records.
 */
const ORGANISATION_PICKERS = new Set(['MarkPicker']);

/** Pickers that search the organisation's records but hold plain text: typed in by hand outside. */
const TEXT_PICKERS = new Set(['ApplicantPicker']);

const isRequiredRule = (rule: unknown) =>
  rule === 'required' || (typeof rule === 'object' && rule !== null && (rule as { required?: unknown }).required === true);

function withoutRequired(node: FormNode): FormNode {
  const { required: _required, ...rest } = node;
  const validator = node['x-validator'];
  if (validator === undefined) return rest;
  const rules = (Array.isArray(validator) ? validator : [validator]).filter((r) => !isRequiredRule(r));
  return rules.length > 0 ? { ...rest, 'x-validator': rules } : (({ 'x-validator': _v, ...others }) => others)(rest);
}

/**
 * A type's form as the public page renders it: organisation pickers turned into a note (no longer
 * required here), text pickers into plain inputs; everything else as the type has it.
 */
export function publicFormOf(node: FormNode): FormNode {
  let next: FormNode = { ...node };
  const component = node['x-component'];
  if (component && ORGANISATION_PICKERS.has(component)) {
    next = { ...withoutRequired(next), 'x-component': 'PublicRecordNote', 'x-component-props': {} };
  } else if (component && TEXT_PICKERS.has(component)) {
    const { fill: _fill, nameField: _nameField, ...props } = (node['x-component-props'] ?? {}) as Record<string, unknown>;
    next = { ...next, 'x-component': 'Input', 'x-component-props': props };
  }
  if (node.properties) next.properties = Object.fromEntries(Object.entries(node.properties).map(([key, child]) => [key, publicFormOf(child)]));
  if (node.items) next.items = publicFormOf(node.items);
  return next;
}
