import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from 'antd';
import { useSWRConfig } from 'swr';
import { useField, useForm } from '@formily/react';
import { FormPath } from '@formily/core';
import { fieldsWithin, validateFields } from '../sectionFields.js';
import { useRuntime } from '../runtimeContext.js';
import { runAction } from '../actions.js';
import { encodeValues } from '../encodeValues.js';
import type { OperationFormProps as DescribedOperationFormProps } from '../../generated/types.js';
import { useNamedOperation } from '../useOperation.js';
import { readPath } from '../blocks/readPath.js';
import { refuseWhileUploading } from '../upload/uploadsInFlight.js';

export type OperationFormProps = DescribedOperationFormProps & { children?: ReactNode };

/**
 * A form section that validates its own fields by their rules, then calls an operation with their
 * values. Enter in any field submits; the button shows progress while the call runs.
 */
export function OperationForm(props: OperationFormProps) {
  const { operation, submitText = '提 交', encode, extra, omit = [], onSuccess, successMessage, resetOnSuccess, refresh = [], block = true, children } = props;
  const { mutate } = useSWRConfig();
  const form = useForm();
  const section = useField();
  const runtime = useRuntime();
  const [busy, setBusy] = useState(false);
  const load = props.load;
  // A load whose request names nothing yet (a new record: no id in the address) reads nothing.
  const loadBody = load?.body ?? {};
  const loadReady = load !== undefined && Object.values(loadBody).every((v) => v !== null && v !== undefined && v !== '' && !Number.isNaN(v));
  const { data: saved } = useNamedOperation<unknown>(load?.operation ?? '', loadReady ? loadBody : null);

  // The saved values fill the section's fields, as they stand after each read.
  useEffect(() => {
    if (saved === undefined || !load) return;
    const source = load.path ? readPath(saved, load.path) : saved;
    if (!source || typeof source !== 'object') return;
    for (const f of fieldsWithin(form, section.address.toString())) {
      const value = FormPath.getIn(source, f.path.toString());
      if (value !== undefined) {
        f.setInitialValue(value);
        f.setValue(value);
      }
    }
  }, [saved, load, form, section]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || refuseWhileUploading(form, (text) => runtime.notify('warning', text))) return;
    const fields = fieldsWithin(form, section.address.toString());
    if (!(await validateFields(fields))) return;
    const values: Record<string, unknown> = {};
    for (const f of fields) {
      const name = f.path.toString();
      if (!omit.includes(name) && f.value !== undefined && f.value !== '') FormPath.setIn(values, name, f.value);
    }
    setBusy(true);
    try {
      // A fixed field left empty by its expression (no id when adding) is not sent.
      const fixed = Object.fromEntries(Object.entries(extra ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== ''));
      const result = await runtime.callNamedOperation(operation, { ...encodeValues(values, encode), ...fixed });
      if (successMessage) runtime.notify('success', successMessage);
      if (resetOnSuccess) await Promise.all(fields.map((f) => f.reset({ forceClear: true, validate: false })));
      if (refresh.length > 0) await mutate((key) => Array.isArray(key) && refresh.includes(key[0] as string));
      await runAction(onSuccess, result, runtime);
    } catch {
      // Call errors were shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {children}
      <Button type="primary" htmlType="submit" block={block} size={block ? 'large' : 'middle'} loading={busy}>
        {submitText}
      </Button>
    </form>
  );
}
