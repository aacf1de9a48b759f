import { useMemo, useState } from 'react';
import { Button, Modal } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider, Schema, type ISchema } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { useSWRConfig } from 'swr';
import type { FormilyNode } from '../../generated/types.js';
import { useRuntime } from '../runtimeContext.js';
import { getSchemaField } from '../schemaField.js';

export interface DialogFormButtonProps {
  label: string;
  /** Shown only with this permission key. */
  permission?: string;
  title: string;
  width?: number | string;
  /** The form inside the dialog: a Formily object schema. */
  form: FormilyNode;
  /** The operation the confirmed values are sent to. */
  operation: string;
  /** Constant fields added to the request. */
  extra?: Record<string, unknown>;
  successMessage?: string;
  /** Operation ids whose data on the page is fetched again afterwards. */
  refresh?: string[];
}

/**
 * A button that opens a dialog with a form from the schema; 确定 validates it, sends it to the
 * operation, and closes only when the server accepted it (otherwise its message shows and the
 * user's input stays).
 */
export function DialogFormButton({ label, permission, title, width = 520, form: schema, operation, extra, successMessage, refresh = [] }: DialogFormButtonProps) {
  const runtime = useRuntime();
  const { mutate } = useSWRConfig();
  const [openCount, setOpenCount] = useState(0);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // A fresh form each time the dialog opens.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const form = useMemo(() => createForm(), [openCount]);
  const compiled = useMemo(() => new Schema(schema as ISchema), [schema]);
  if (permission && !runtime.permissions.has(permission)) return null;
  const SchemaField = getSchemaField();

  const confirm = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await runtime.callOperation(operation, { ...form.values, ...extra });
      if (successMessage) runtime.notify('success', successMessage);
      if (refresh.length > 0) await mutate((key) => Array.isArray(key) && refresh.includes(key[0] as string));
      setOpen(false);
    } catch {
      // The HTTP client showed why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        type="primary"
        onClick={() => {
          setOpenCount((n) => n + 1);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Modal title={title} width={width} open={open} onOk={confirm} onCancel={() => setOpen(false)} okText="确定" cancelText="取消" confirmLoading={busy} destroyOnHidden>
        <FormProvider form={form}>
          <FormLayout layout="vertical">
            <SchemaField schema={compiled} />
          </FormLayout>
        </FormProvider>
      </Modal>
    </>
  );
}
