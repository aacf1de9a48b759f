import { useState } from 'react';
import { Button } from 'antd';
import type { DialogFormButtonProps } from '../../generated/types.js';
import { useRuntime } from '../runtimeContext.js';
import { SchemaOverlay } from './SchemaOverlay.js';

/**
 * A button that opens a dialog or a drawer from the schema: a form sent to an operation (closed
 * only once the server accepts it), or read-only content.
 */
export function DialogFormButton({ label, permission, primary = true, ...spec }: DialogFormButtonProps) {
  const runtime = useRuntime();
  const [open, setOpen] = useState(false);
  if (permission && !runtime.permissions.has(permission)) return null;
  return (
    <>
      <Button type={primary ? 'primary' : 'default'} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && <SchemaOverlay spec={spec} onClose={() => setOpen(false)} />}
    </>
  );
}
