import { isField, type Field, type Form } from '@formily/core';

/** The data fields inside one void section of a page's form: a page may hold several forms. */
export function fieldsWithin(form: Form, sectionAddress: string): Field[] {
  return Object.values(form.fields).filter((f): f is Field => isField(f) && f.address.toString().startsWith(`${sectionAddress}.`));
}
