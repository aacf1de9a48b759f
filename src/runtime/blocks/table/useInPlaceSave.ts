import { useRef, useState } from 'react';
import { useRuntime } from '../../runtimeContext.js';

/**
 * The editing state of a cell edited in place (spec 001 §4), shared by table columns and custom
 * fields: blur, Enter and closing a list can all fire for one edit, so a value is saved once; a
 * refused save keeps the editor open with the value for another try.
 */
export function useInPlaceSave(onSaved: () => Promise<unknown>) {
  const runtime = useRuntime();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const settled = useRef(false);

  const open = () => {
    settled.current = false;
    setEditing(true);
  };

  /** Escape: the cell goes back to what it showed. */
  const cancel = () => {
    if (settled.current) return;
    settled.current = true;
    setEditing(false);
  };

  /** Sends the value once; an unchanged value only closes the editor. */
  const save = async (unchanged: boolean, send: () => Promise<unknown>, successMessage = '保存成功') => {
    if (settled.current) return;
    settled.current = true;
    if (unchanged) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await send();
      runtime.notify('success', successMessage);
      await onSaved();
      setEditing(false);
    } catch {
      // The HTTP client showed why.
      settled.current = false;
    } finally {
      setSaving(false);
    }
  };

  return { editing, saving, open, cancel, save, isSettled: () => settled.current };
}
