/** A value a form collects, as a flow's branch test or a case mapping names it. */
export interface FormField {
  /** Dotted path of the value in the form's data: `budget`, `priority.country`. */
  name: string;
  /** The field's title, or its name when it has none. */
  title: string;
  /** The node's JSON type (string, number, array, object, …). */
  type: string;
}

interface FieldNode {
  type?: unknown;
  title?: unknown;
  properties?: unknown;
  'x-decorator-props'?: unknown;
}

const asNode = (value: unknown): FieldNode | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as FieldNode) : undefined;

function titleOf(node: FieldNode, name: string): string {
  if (typeof node.title === 'string' && node.title.trim()) return node.title.trim();
  const label = asNode(node['x-decorator-props']) && (node['x-decorator-props'] as Record<string, unknown>).label;
  return typeof label === 'string' && label.trim() ? label.trim() : name;
}

/**
 * The values a Formily form schema collects, in the order it shows them: layout nodes (type void)
 * add no part to a path, objects add their name and are listed with their fields; the items of a
 * list are not walked (a test or a mapping reads the list as a whole).
 */
export function formFields(form: unknown): FormField[] {
  const found: FormField[] = [];
  const walk = (node: FieldNode, prefix: string) => {
    const properties = asNode(node.properties);
    for (const [key, raw] of Object.entries(properties ?? {})) {
      const child = asNode(raw);
      if (!child) continue;
      if (child.type === 'void') {
        walk(child, prefix);
        continue;
      }
      const name = `${prefix}${key}`;
      found.push({ name, title: titleOf(child, key), type: typeof child.type === 'string' ? child.type : 'string' });
      if (child.type === 'object') walk(child, `${name}.`);
    }
  };
  const root = asNode(form);
  if (root) walk(root, '');
  return found;
}

/** Just the names of formFields, for flowProblems and the mapping checks. */
export const formFieldNames = (form: unknown): Set<string> => new Set(formFields(form).map((f) => f.name));

/** Each value field's title by its name (see formFields). */
export const formFieldTitles = (form: unknown): Map<string, string> => new Map(formFields(form).map((f) => [f.name, f.title]));
