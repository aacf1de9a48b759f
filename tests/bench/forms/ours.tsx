import { createRoot } from 'react-dom/client';
import type { FormilyNode } from '../../../src/generated/types.js';
import { PageRenderer } from '../../../src/runtime/PageRenderer.js';
import { preloadSchemaComponents } from '../../../src/runtime/lazy/lazyComponents.js';
import { schemaComponents } from '../../../src/web/schemaComponents.js';
import { BenchRuntime } from '../benchRuntime.js';
import { timeFirstRender } from '../firstRender.js';
import { FIELDS, OPTIONS, lastLabelShown, type FieldKind } from './fields.js';

const COMPONENT: Record<FieldKind, string> = {
  text: 'Input',
  number: 'NumberPicker',
  select: 'Select',
  date: 'DatePicker',
  switch: 'Switch',
  textarea: 'TextArea',
};

// The form as a page schema, rendered by the product's own Formily runtime.
const schema: FormilyNode = {
  type: 'object',
  properties: {
    layout: {
      type: 'void',
      'x-component': 'FormLayout',
      'x-component-props': { layout: 'vertical' },
      properties: Object.fromEntries(
        FIELDS.map((f) => [
          f.name,
          {
            type: f.kind === 'number' ? 'number' : f.kind === 'switch' ? 'boolean' : 'string',
            title: f.label,
            required: f.required,
            'x-decorator': 'FormItem',
            'x-component': COMPONENT[f.kind],
            ...(f.kind === 'select' ? { enum: OPTIONS } : {}),
          } satisfies FormilyNode,
        ]),
      ),
    },
  },
};

// The pickers load on first use in the product; here before the clock starts, as every library's code is.
void preloadSchemaComponents(schema, schemaComponents).then(() =>
  timeFirstRender(
    () =>
      createRoot(document.getElementById('root')!).render(
        <BenchRuntime operations={{}}>
          <PageRenderer schema={schema} formKey="bench" />
        </BenchRuntime>,
      ),
    lastLabelShown,
  ),
);
