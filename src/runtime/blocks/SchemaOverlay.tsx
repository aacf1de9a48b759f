import { useMemo, useState } from 'react';
import { App, Button, Drawer, Modal, Space } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider, type ISchema } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { useSWRConfig } from 'swr';
import type { DialogFormButtonProps } from '../../generated/types.js';
import { expressionScope, useRuntime } from '../runtimeContext.js';
import { useSchemaField } from '../schemaFieldContext.js';
import { showNotice } from '../confirmDialog.js';
import { fillTemplate } from './readPath.js';
import { changedValues, recordValuesFor } from './overlayRecord.js';
import { replyMessage } from './replyMessage.js';
import { encodeValues, type ValueEncoding } from '../encodeValues.js';
import { refuseWhileUploading } from '../upload/uploadsInFlight.js';

/** What a dialog or drawer opened by a schema action holds: every prop of the button but its own. */
export type OverlaySpec = Omit<DialogFormButtonProps, 'label' | 'permission'>;

export interface SchemaOverlayProps {
  spec: OverlaySpec;
  onClose(): void;
  /** The table row it was opened from: `$record` in expressions, the form's starting values, `{field}` in the title. */
  record?: Record<string, unknown>;
  /** Request fields added to the form's submission, e.g. the row's id. */
  requestExtra?: Record<string, unknown>;
  /** After the server accepted the form, before the overlay closes. */
  onSubmitted?(): void | Promise<void>;
}

const DEFAULT_WIDTH = { dialog: 520, drawer: 800 } as const;

/**
 * The open dialog or drawer of a schema action. With `form`, 确定 validates it, sends it to the
 * operation and closes only once the server accepted it (otherwise the server's message shows and
 * the input stays). With `content`, it shows that schema read-only. Mounted while open, so each
 * opening starts from a fresh form.
 */
export function SchemaOverlay({ spec, onClose, record, requestExtra, onSubmitted }: SchemaOverlayProps) {
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const { mutate } = useSWRConfig();
  const SchemaField = useSchemaField();
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const container = spec.container ?? 'dialog';
  const startValues = useMemo(() => (spec.form && record ? recordValuesFor(spec.form, record) : {}), [spec.form, record]);
  const form = useMemo(() => createForm({ initialValues: { ...startValues } }), [startValues]);
  // A row's overlay reads the row as $record; Formily's own $record (the form's values) otherwise.
  const scope = useMemo(
    () => ({ ...expressionScope(runtime), ...(record ? { $record: record } : {}) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [record, runtime.user, runtime.permissions, runtime.query],
  );
  const title = record ? fillTemplate(spec.title, record) : spec.title;
  const close = () => setOpen(false);

  const confirm = async () => {
    if (!spec.form || !spec.operation) return;
    if (refuseWhileUploading(form, (text) => runtime.notify('warning', text))) return;
    try {
      await form.validate();
    } catch {
      return;
    }
    const values = spec.changedOnly ? changedValues(startValues, form.values) : form.values;
    if (spec.changedOnly && Object.keys(values).length === 0) {
      runtime.notify('info', '没有修改任何内容');
      return;
    }
    setBusy(true);
    try {
      const encoded = encodeValues(values, spec.encode as Record<string, ValueEncoding> | undefined);
      const reply = await runtime.callNamedOperation(spec.operation, { ...encoded, ...spec.extra, ...requestExtra });
      const told = spec.replyMessage
        ? replyMessage(spec.replyMessage, reply)
        : spec.successMessage
          ? { type: 'success' as const, text: spec.successMessage }
          : null;
      if (told) runtime.notify(told.type, told.text);
      const refresh = spec.refresh ?? [];
      if (refresh.length > 0) await mutate((key) => Array.isArray(key) && refresh.includes(key[0] as string));
      await onSubmitted?.();
      close();
      if (spec.successDialog) showNotice(modal, spec.successDialog);
    } catch {
      // The HTTP client showed why.
    } finally {
      setBusy(false);
    }
  };

  const body = spec.form ? (
    <FormProvider form={form}>
      <FormLayout layout="vertical">
        <SchemaField schema={spec.form as ISchema} scope={scope} />
      </FormLayout>
    </FormProvider>
  ) : spec.content ? (
    <FormProvider form={form}>
      <SchemaField schema={spec.content as ISchema} scope={scope} />
    </FormProvider>
  ) : null;

  const width = spec.width ?? DEFAULT_WIDTH[container];
  if (container === 'drawer') {
    return (
      <Drawer
        title={title}
        width={width}
        open={open}
        onClose={close}
        afterOpenChange={(visible) => !visible && onClose()}
        footer={
          spec.form ? (
            <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button onClick={close}>取消</Button>
              <Button type="primary" loading={busy} onClick={confirm}>
                确定
              </Button>
            </Space>
          ) : undefined
        }
      >
        {body}
      </Drawer>
    );
  }
  return (
    <Modal
      title={title}
      width={width}
      open={open}
      onCancel={close}
      afterClose={onClose}
      {...(spec.form ? { onOk: confirm, okText: '确定', cancelText: '取消', confirmLoading: busy } : { footer: <Button onClick={close}>关闭</Button> })}
    >
      {body}
    </Modal>
  );
}
