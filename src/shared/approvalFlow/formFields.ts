import type { FormNode } from '../formRules.js';

/**
 * The value fields of a proposal form by the names flow conditions and case mappings use, with their
 * titles: each field's name, and for a field of an object the dotted path (`applicant.name`); layout
 * (void) nodes are walked through without a name of their own, and the items of a list are not named.
 */
export function formFieldTitles(form: FormNode): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (node: FormNode, prefix: string) => {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (child.type === 'void') {
        walk(child, prefix);
        continue;
      }
      const path = prefix ? `${prefix}.${name}` : name;
      titles.set(path, typeof child.title === 'string' && child.title ? child.title : name);
      if (child.type === 'object' && child.properties) walk(child, path);
    }
  };
  walk(form, '');
  return titles;
}

/** The names of a form's value fields (see formFieldTitles), for flowProblems. */
export const formFieldNames = (form: FormNode): Set<string> => new Set(formFieldTitles(form).keys());
