import { memo, useMemo } from 'react';
import { createForm } from '@formily/core';
import { FormProvider, Schema, type ISchema } from '@formily/react';
import { PreviewText } from '@formily/antd-v5';
import type { FormilyNode } from '../generated/types.js';
import { useSchemaField } from './schemaFieldContext.js';
import { pruneByPermission } from './pruneByPermission.js';
import { expressionScope, useRuntime } from './runtimeContext.js';
import { protectNestedSchemas } from './protectNestedSchemas.js';
import { FormItemStyleScope } from './components/FormItem.js';
import { PageQueries } from './pageQuery.js';
import { declaredQueries, PageQueriesProvider } from './pageQueries.js';

export interface PageRendererProps {
  /** The page or form body. */
  schema: FormilyNode;
  /** Changing it gives the page a fresh form. */
  formKey: string;
}

/**
 * Renders one page body with Formily: a fresh form per page, nodes the user lacks permission for
 * removed, the queries its blocks share (`x-queries`), schemas carried in props kept for the scope they render in, and `$user`,
 * `$permissions` and `$query` available to `{{ }}` expressions. Memoised: a parent redrawn for
 * something else (the navigation guard's verdict) does not redraw the whole page.
 */
export const PageRenderer = memo(function PageRenderer({ schema, formKey }: PageRendererProps) {
  const runtime = useRuntime();
  const SchemaField = useSchemaField();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const form = useMemo(() => createForm(), [formKey]);
  // The page's queries (x-queries) live as long as its form.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const queries = useMemo(() => new PageQueries(declaredQueries(schema)), [formKey]);
  // Compiled once per schema: SchemaField given plain JSON rebuilds the whole tree on every render.
  const visible = useMemo(() => {
    const permitted = pruneByPermission(schema, runtime.permissions);
    return permitted ? new Schema(protectNestedSchemas(permitted) as ISchema) : null;
  }, [schema, runtime.permissions]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const scope = useMemo(() => expressionScope(runtime), [runtime.user, runtime.permissions, runtime.query]);
  if (!visible) return null;
  return (
    <FormProvider form={form}>
      <PageQueriesProvider queries={queries}>
        <FormItemStyleScope>
          {/* A read-only field without a value shows what the product shows everywhere else for nothing. */}
          <PreviewText.Placeholder value="--">
            <SchemaField schema={visible as ISchema} scope={scope} />
          </PreviewText.Placeholder>
        </FormItemStyleScope>
      </PageQueriesProvider>
    </FormProvider>
  );
});
