import { useEffect, useRef } from 'react';
import { useField } from '@formily/react';
import type { Field, FieldValidator } from '@formily/core';

export const UPLOAD_PENDING_MESSAGE = '文件正在上传，请等上传完成后再提交';

const isDataField = (field: unknown): field is Field => typeof (field as Field | null)?.setValidator === 'function';

/**
 * While files are on their way, the form field holding the uploader does not validate, so the
 * form cannot be submitted without them; once the last one has arrived the field checks again.
 */
export function useHoldSubmitWhileUploading(pending: number) {
  const field: unknown = useField();
  const pendingNow = useRef(pending);
  pendingNow.current = pending;

  useEffect(() => {
    if (!isDataField(field)) return;
    const before: FieldValidator | undefined = field.validator;
    const stillUploading = () => (pendingNow.current > 0 ? UPLOAD_PENDING_MESSAGE : undefined);
    field.setValidator([...(Array.isArray(before) ? before : before ? [before] : []), stillUploading]);
    return () => field.setValidator(before);
  }, [field]);

  useEffect(() => {
    if (pending === 0 && isDataField(field) && field.selfErrors.includes(UPLOAD_PENDING_MESSAGE)) void field.validate();
  }, [pending, field]);
}
