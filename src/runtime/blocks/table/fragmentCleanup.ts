import { isField, type Form, type GeneralField } from '@formily/core';
import { batch } from '@formily/reactive';

/**
 * The nodes of row fragments that left the page, by form, cleared together on the next microtask.
 * A page of rows leaving at once (a new page, a new page size) would otherwise ask the form once
 * per fragment for the fields under it, each query parsing its pattern and walking every field
 * of the form: a cost that grew with the square of the rows.
 */
const leaving = new WeakMap<Form, Set<string>>();

/** Destroys, soon, the fields of the fragment node `node` (a top-level name) and of everything under it. */
export function clearFragmentSoon(form: Form, node: string): void {
  let nodes = leaving.get(form);
  if (!nodes) {
    const pending = (nodes = new Set<string>());
    leaving.set(form, pending);
    queueMicrotask(() => {
      leaving.delete(form);
      clearFragments(form, pending);
    });
  }
  nodes.add(node);
}

/** Keeps the fields of `node`, mounted again before they were cleared (a row that left and came back in one go). */
export function keepFragment(form: Form, node: string): void {
  leaving.get(form)?.delete(node);
}

/** One pass over the form's fields; the deepest first, so a node goes after what it holds. */
function clearFragments(form: Form, nodes: ReadonlySet<string>): void {
  const doomed: [string, GeneralField][] = [];
  for (const [address, field] of Object.entries(form.fields)) {
    const dot = address.indexOf('.');
    if (nodes.has(dot < 0 ? address : address.slice(0, dot))) doomed.push([address, field]);
  }
  doomed.sort((a, b) => b[0].length - a[0].length);
  // destroy(true) would clear each value with reactions of its own, seconds for a few hundred fields:
  // the values that are there go in one batch instead.
  batch(() => {
    for (const [, field] of doomed) {
      if (isField(field) && field.value !== undefined) form.deleteValuesIn(field.path);
      field.destroy(false);
    }
  });
}
