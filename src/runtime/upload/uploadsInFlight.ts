/** What a person is told when they send a form whose files have not all arrived. */
export const UPLOAD_PENDING_MESSAGE = '文件正在上传，请等上传完成后再提交';

// Files on their way, per form; a plain count so holding one costs the form no reactions.
const pendingByForm = new WeakMap<object, number>();

/** Counts a file that has started its way into this form's value. */
export function holdUpload(form: object | undefined): void {
  if (form) pendingByForm.set(form, (pendingByForm.get(form) ?? 0) + 1);
}

/** Gives back the count of a file that arrived, failed or was not sent after all. */
export function releaseUpload(form: object | undefined): void {
  if (form) pendingByForm.set(form, Math.max(0, (pendingByForm.get(form) ?? 0) - 1));
}

/** Whether any file of this form is still on its way (its value would be saved without it). */
export function isUploading(form: object | undefined): boolean {
  return form !== undefined && (pendingByForm.get(form) ?? 0) > 0;
}

/** Says so and answers true when the form must wait for its files before it is sent. */
export function refuseWhileUploading(form: object | undefined, warn: (text: string) => void): boolean {
  if (!isUploading(form)) return false;
  warn(UPLOAD_PENDING_MESSAGE);
  return true;
}
