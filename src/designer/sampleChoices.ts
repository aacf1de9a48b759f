import type { DesignerSampleRequest } from '../generated/types.js';
import { rowRecordOf, withRecordDefaults } from '../runtime/blocks/table/recordColumns.js';

export type SampleChoices = NonNullable<DesignerSampleRequest['choices']>;
type Choice = SampleChoices[string][number];

// The sample call's own limits.
const MAX_FIELDS = 500;
const MAX_VALUES = 200;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isChoice = (value: unknown): value is Choice => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The stored values of an enum or options list: plain values, `{ value, label }` items, or a `{ value: label }` map. */
function valuesOf(options: unknown): Choice[] {
  const values = Array.isArray(options) ? options.map((o) => (isRecord(o) ? o.value : o)) : isRecord(options) ? Object.keys(options) : [];
  return values.filter(isChoice).slice(0, MAX_VALUES);
}

/**
 * The values a page declares for its fields: a table column's options (by the column's field,
 * the last part of a dotted path) and a form field's enum or options (by its key). The preview asks
 * for sample rows that take these values, so it shows labels as the real page would. Where a name is
 * declared twice, the table column wins: that is where sample rows are shown.
 */
export function sampleChoices(tree: unknown): SampleChoices {
  const columns = new Map<string, Choice[]>();
  const fields = new Map<string, Choice[]>();
  const remember = (into: Map<string, Choice[]>, name: string, values: Choice[]) => {
    if (values.length > 0 && !into.has(name)) into.set(name, values);
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isRecord(node)) return;
    if (isRecord(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) {
        if (!isRecord(child)) continue;
        const props = child['x-component-props'];
        remember(fields, key, valuesOf(child.enum ?? (isRecord(props) ? props.options : undefined)));
      }
    }
    if (Array.isArray(node.columns)) {
      // A table's column may leave its options to the record its operation lists.
      const record = typeof node.operation === 'string' ? rowRecordOf(node.operation, typeof node.listPath === 'string' ? node.listPath : 'list') : undefined;
      for (const column of node.columns) {
        if (!isRecord(column) || typeof column.prop !== 'string') continue;
        const options = column.options ?? withRecordDefaults({ prop: column.prop }, record).options;
        if (options !== undefined) remember(columns, column.prop.split('.').pop() ?? column.prop, valuesOf(options));
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(tree);
  return Object.fromEntries([...new Map([...fields, ...columns])].slice(0, MAX_FIELDS));
}
