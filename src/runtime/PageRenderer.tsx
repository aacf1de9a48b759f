import { useMemo } from 'react';
import { createForm } from '@formily/core';
import { FormProvider, Schema, type ISchema } from '@formily/react';
import type { FormilyNode } from '../generated/types.js';
import { getSchemaField } from './schemaField.js';
import { pruneByPermission } from './pruneByPermission.js';
import { useRuntime } from './runtimeContext.js';

export interface PageRendererProps {
  /** The page or form body. */
  schema: FormilyNode;
  /** Changing it gives the page a fresh form. */
  formKey: string;
}

/**
 * Renders one page body with Formily: a fresh form per page, nodes the user lacks permission for
 * removed, and `$user`, `$permissions` and `$query` available to `{{ }}` expressions.
 */
export function PageRenderer({ schema, formKey }: PageRendererProps) {
  const runtime = useRuntime();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const form = useMemo(() => createForm(), [formKey]);
  // Compiled once per schema: SchemaField given plain JSON rebuilds the whole tree on every render.
  const visible = useMemo(() => {
    const pruned = pruneByPermission(schema, runtime.permissions);
    return pruned ? new Schema(pruned as ISchema) : null;
  }, [schema, runtime.permissions]);
  const scope = useMemo(
    () => ({ $user: runtime.user, $permissions: runtime.permissions, $query: Object.fromEntries(runtime.query) }),
    [runtime.user, runtime.permissions, runtime.query],
  );
  if (!visible) return null;
  const SchemaField = getSchemaField();
  return (
    <FormProvider form={form}>
      <SchemaField schema={visible} scope={scope} />
    </FormProvider>
  );
}
