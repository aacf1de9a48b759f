import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useForm } from '@formily/react';
import { isField } from '@formily/core';
import { useRuntime } from '../runtimeContext.js';
import type { SendCodeButtonProps } from '../../generated/types.js';

/** 获取验证码: checks the target field, asks the server to send a code, then counts down until it may resend. */
export function SendCodeButton({ operation, targetField, text = '获取验证码' }: SendCodeButtonProps) {
  const form = useForm();
  const runtime = useRuntime();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    const field = form.query(targetField).take();
    if (!field || !isField(field)) return;
    // A message of an earlier click must not outlive the edit that answered it.
    field.setSelfErrors([]);
    // Failing its rules rejects; their messages show on the field.
    const valid = await field.validate().then(
      () => field.selfErrors.length === 0,
      () => false,
    );
    if (!valid) return;
    if (!field.value) {
      field.setSelfErrors(['请先填写手机号']);
      return;
    }
    setBusy(true);
    try {
      const reply = await runtime.callNamedOperation<{ resendAfterSeconds: number }>(operation, { [targetField]: field.value });
      runtime.notify('success', '验证码已发送');
      setWait(reply.resendAfterSeconds);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button onClick={send} loading={busy} disabled={wait > 0}>
      {wait > 0 ? `${wait} 秒后重新获取` : text}
    </Button>
  );
}
