import { isField, type Field, type Form } from '@formily/core';

/** The data fields inside one void section of a page's form: a page may hold several forms. */
export function fieldsWithin(form: Form, sectionAddress: string): Field[] {
  return Object.values(form.fields).filter((f): f is Field => isField(f) && f.address.toString().startsWith(`${sectionAddress}.`));
}

/**
 * The data fields of the nearest section around a node: walking up from it, the first ancestor
 * that holds any data fields. A button beside a group of fields acts on that group only.
 */
export function fieldsAround(form: Form, nodeAddress: string): Field[] {
  const parts = nodeAddress.split('.');
  for (let depth = parts.length - 1; depth > 0; depth--) {
    const fields = fieldsWithin(form, parts.slice(0, depth).join('.'));
    if (fields.length > 0) return fields;
  }
  return Object.values(form.fields).filter((f): f is Field => isField(f));
}

/** Checks each field by its own rules; the errors show on the fields. True when all pass. */
export async function validateFields(fields: Field[]): Promise<boolean> {
  const results = await Promise.all(
    fields.map((f) =>
      f.validate().then(
        () => f.selfErrors.length === 0,
        () => false,
      ),
    ),
  );
  return !results.includes(false);
}
