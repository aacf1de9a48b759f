import type { FormInstance } from 'antd';

/** antd's rejection when a field rule fails: the fields' messages already show under them. */
const isRuleFailure = (err: unknown): boolean => typeof err === 'object' && err !== null && Array.isArray((err as { errorFields?: unknown }).errorFields);

/**
 * The form's values once every rule passes, or null when one failed. antd rejects the promise of
 * `validateFields` for a failed rule; awaited bare in a click handler, that rejection escapes as
 * an uncaught error although the form has already said what is wrong.
 */
export async function validatedFields<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (err) {
    if (isRuleFailure(err)) return null;
    throw err;
  }
}
