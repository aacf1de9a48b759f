/** The 300-field form each library renders: the same fields, labels, options and required marks. */
export const FIELD_COUNT = 300;

export type FieldKind = 'text' | 'number' | 'select' | 'date' | 'switch' | 'textarea';
const KINDS: FieldKind[] = ['text', 'number', 'select', 'date', 'switch', 'textarea'];

export interface BenchField {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
}

export const OPTIONS = ['中国大陆', '中国香港', '中国澳门', '中国台湾', '其他地区'].map((label, value) => ({ label, value }));

export const FIELDS: BenchField[] = Array.from({ length: FIELD_COUNT }, (_, i) => ({
  name: `f${i + 1}`,
  label: `字段 ${i + 1}`,
  kind: KINDS[i % KINDS.length],
  required: i % 5 === 0,
}));

/** The last label on the page: the form is rendered once it is there. */
export const LAST_LABEL = `字段 ${FIELD_COUNT}`;

export function lastLabelShown(): boolean {
  const labels = document.querySelectorAll('label');
  for (let i = labels.length - 1; i >= Math.max(0, labels.length - 5); i--) if ((labels[i].textContent ?? '').includes(LAST_LABEL)) return true;
  return false;
}
