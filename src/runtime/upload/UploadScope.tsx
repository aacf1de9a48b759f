import { createContext, useContext, type ReactNode } from 'react';

const UploadScopeContext = createContext<object | undefined>(undefined);

/**
 * Puts uploaders that are not inside a Formily form (an antd form, say) under a scope of their own:
 * their files in flight count against `scope`, which the form's save checks with `refuseWhileUploading`.
 */
export function UploadScope({ scope, children }: { scope: object; children: ReactNode }) {
  return <UploadScopeContext.Provider value={scope}>{children}</UploadScopeContext.Provider>;
}

/** The scope an uploader's files count against outside a Formily form, if one was given. */
export const useUploadScope = (): object | undefined => useContext(UploadScopeContext);
