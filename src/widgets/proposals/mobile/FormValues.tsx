import { useMemo } from 'react';
import { createForm } from '@formily/core';
import { FormProvider, type ISchema } from '@formily/react';
import { FormLayout, PreviewText } from '@formily/antd-v5';
import { Empty } from 'antd';
import { expressionScope, useRuntime } from '../../../runtime/runtimeContext.js';
import { useSchemaField } from '../../../runtime/schemaFieldContext.js';
import { FormItemStyleScope } from '../../../runtime/components/FormItem.js';

/**
 * The proposal's form filled in, read-only, as a phone list: the type's own form (so every field
 * reads as it does on the desktop page: options by name, marks by name), laid out one field per row
 * with its label above the value.
 */
export function FormValues({ form: schema, values }: { form: object; values: Record<string, unknown> }) {
  const runtime = useRuntime();
  const SchemaField = useSchemaField();
  // The values of one proposal revision; the page remounts this for another.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const form = useMemo(() => createForm({ readPretty: true, initialValues: values }), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const scope = useMemo(() => expressionScope(runtime), [runtime.user, runtime.permissions]);
  const properties = (schema as { properties?: Record<string, unknown> }).properties;
  if (!properties || Object.keys(properties).length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有填写内容" />;
  return (
    <FormProvider form={form}>
      <FormItemStyleScope>
        <PreviewText.Placeholder value="--">
          <FormLayout layout="vertical" colon={false}>
            <div className="m-fields" data-testid="demand-form-values">
              <SchemaField schema={schema as ISchema} scope={scope} />
            </div>
          </FormLayout>
        </PreviewText.Placeholder>
      </FormItemStyleScope>
    </FormProvider>
  );
}
