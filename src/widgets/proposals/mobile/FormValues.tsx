import { useMemo } from 'react';
import { createForm } from '@formily/core';
import { FormProvider, createSchemaField, type ISchema } from '@formily/react';
import { FormLayout, PreviewText } from '@formily/antd-v5';
import { Empty } from 'antd';
import { expressionScope, useRuntime } from '../../../runtime/runtimeContext.js';
import { useSchemaComponents, type SchemaComponents } from '../../../runtime/schemaFieldContext.js';
import type { UploadedFile } from '../../../generated/types.js';
import { MobileFiles } from './MobileFiles.js';
import { FormItemStyleScope } from '../../../runtime/components/FormItem.js';

/**
 * The proposal's form filled in, read-only, as a phone list: the type's own form (so every field
 * reads as it does on the desktop page: options by name, marks by name), laid out one field per row
 * with its label above the value.
 */
export function FormValues({ form: schema, values }: { form: object; values: Record<string, unknown> }) {
  const runtime = useRuntime();
  const components = useSchemaComponents();
  // Files in the form read as the phone's file rows (tap to open full screen), not desktop thumbnails;
  // countries as their names, not a disabled picker.
  const SchemaField = useMemo(() => {
    const phone: SchemaComponents = {
      ...components,
      AttachmentUpload: FormFiles,
      ThumbnailUpload: FormFiles,
      ...(components.CountryName ? { CountryTreeSelect: components.CountryName, CountrySelect: components.CountryName } : {}),
    };
    return createSchemaField({ components: phone as Record<string, never> });
  }, [components]);
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

/** A file field of the form, read-only: its files as rows, or the usual -- when there are none. */
function FormFiles({ value }: { value?: UploadedFile[] }) {
  const files = (Array.isArray(value) ? value : []).filter((f) => f && typeof f.path === 'string');
  if (files.length === 0) return <span>--</span>;
  return <MobileFiles files={files.map((f) => ({ fileName: f.name, filePath: f.path }))} />;
}
