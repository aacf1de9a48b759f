import { useEffect, useMemo } from 'react';
import { createForm, type Form } from '@formily/core';
import { FormProvider, Schema, type ISchema } from '@formily/react';
import { useSchemaField } from '../../schemaFieldContext.js';
import type { Row } from './types.js';
import { clearFragmentSoon, keepFragment } from './fragmentCleanup.js';

/** One read-only form per table holds the fragments' nodes, apart from the page's own values. */
export function useFragmentForm(): Form {
  return useMemo(() => createForm({ readPretty: true }), []);
}

// Expressions are evaluated when a node is made, so each row object (a fetch makes new ones) gets nodes of its own.
const serials = new WeakMap<object, number>();
let nextSerial = 0;
const serialOf = (row: object) => {
  let serial = serials.get(row);
  if (serial === undefined) serials.set(row, (serial = nextSerial++));
  return serial;
};

export interface RowFragmentProps {
  form: Form;
  /** Which fragment of the row: the column's prop. */
  name: string;
  /** The fragment: a property of the table node. */
  schema: ISchema;
  row: Row;
  index: number;
}

/** A Formily fragment from the page schema rendered for one row, with `$record` and `$index` in scope. */
export function RowFragment({ form, name, schema, row, index }: RowFragmentProps) {
  const scope = useMemo(() => ({ $record: row, $index: index }), [row, index]);
  const SchemaField = useSchemaField();
  const node = `${name}_${serialOf(row)}`;
  const wrapper = useMemo(() => new Schema({ type: 'void', properties: { [node]: schema } }), [node, schema]);
  useEffect(() => {
    keepFragment(form, node);
    return () => clearFragmentSoon(form, node);
  }, [form, node]);
  return (
    <FormProvider form={form}>
      <SchemaField schema={wrapper} scope={scope} />
    </FormProvider>
  );
}
