import { createRoot } from 'react-dom/client';
import Form from '@rjsf/antd';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { timeFirstRender } from '../firstRender.js';
import { FIELDS, OPTIONS, lastLabelShown, type FieldKind } from './fields.js';

const PROPERTY: Record<FieldKind, RJSFSchema> = {
  text: { type: 'string' },
  number: { type: 'number' },
  select: { type: 'integer', oneOf: OPTIONS.map((o) => ({ const: o.value, title: o.label })) },
  date: { type: 'string', format: 'date' },
  switch: { type: 'boolean' },
  textarea: { type: 'string' },
};

const schema: RJSFSchema = {
  type: 'object',
  required: FIELDS.filter((f) => f.required).map((f) => f.name),
  properties: Object.fromEntries(FIELDS.map((f) => [f.name, { ...PROPERTY[f.kind], title: f.label }])),
};
const uiSchema: UiSchema = {
  'ui:submitButtonOptions': { norender: true },
  ...Object.fromEntries(
    FIELDS.filter((f) => f.kind === 'textarea' || f.kind === 'switch').map((f) => [f.name, { 'ui:widget': f.kind === 'textarea' ? 'textarea' : 'checkbox' }]),
  ),
};

timeFirstRender(
  () =>
    createRoot(document.getElementById('root')!).render(
      <ConfigProvider locale={zhCN}>
        <Form schema={schema} uiSchema={uiSchema} validator={validator} />
      </ConfigProvider>,
    ),
  lastLabelShown,
);
