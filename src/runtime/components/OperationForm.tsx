import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from 'antd';
import { useForm } from '@formily/react';
import { useRuntime } from '../runtimeContext.js';
import { runAction } from '../actions.js';
import { encodeValues, type ValueEncoding } from '../encodeValues.js';

export interface OperationFormProps {
  /** The operation id to call with the form's values, e.g. `auth.login`. */
  operation: string;
  submitText?: string;
  /** Fields to encode before sending, e.g. `{ "password": "base64" }`. */
  encode?: Record<string, ValueEncoding>;
  /** Constant fields added to the request, e.g. `{ "encryptionType": "base64" }`. */
  extra?: Record<string, unknown>;
  /** A registered action run with the reply, e.g. `session.signIn`. */
  onSuccess?: string;
  successMessage?: string;
  children?: ReactNode;
}

/**
 * A form section that validates its fields by their rules, then calls an operation with them.
 * Enter in any field submits; the button shows progress while the call runs.
 */
export function OperationForm({ operation, submitText = '提 交', encode, extra, onSuccess, successMessage, children }: OperationFormProps) {
  const form = useForm();
  const runtime = useRuntime();
  const [busy, setBusy] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await form.submit(async (values: Record<string, unknown>) => {
        const result = await runtime.callOperation(operation, { ...encodeValues(values, encode), ...extra });
        if (successMessage) runtime.notify('success', successMessage);
        await runAction(onSuccess, result, runtime);
      });
    } catch {
      // Field errors show beside the fields; call errors were shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {children}
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {submitText}
      </Button>
    </form>
  );
}
