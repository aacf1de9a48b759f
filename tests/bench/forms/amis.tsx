import { createRoot } from 'react-dom/client';
import { render as renderAmis } from 'amis';
import 'amis/lib/themes/cxd.css';
import 'amis/lib/helper.css';
import { timeFirstRender } from '../firstRender.js';
import { FIELDS, OPTIONS, lastLabelShown, type FieldKind } from './fields.js';

const TYPE: Record<FieldKind, string> = {
  text: 'input-text',
  number: 'input-number',
  select: 'select',
  date: 'input-date',
  switch: 'switch',
  textarea: 'textarea',
};

const schema = {
  type: 'page',
  body: {
    type: 'form',
    wrapWithPanel: false,
    mode: 'normal',
    body: FIELDS.map((f) => ({ type: TYPE[f.kind], name: f.name, label: f.label, required: f.required, ...(f.kind === 'select' ? { options: OPTIONS } : {}) })),
  },
};

timeFirstRender(
  () => createRoot(document.getElementById('root')!).render(<>{renderAmis(schema, {}, { fetcher: async () => ({ data: {} }), theme: 'cxd' })}</>),
  lastLabelShown,
);
