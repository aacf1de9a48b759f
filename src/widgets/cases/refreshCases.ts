import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** After a case changed: every cached case reply (the case, its trends and comments, lists, counts) is asked again; type descriptions stay. */
export function useRefreshCases(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    // Without new data: each reply is asked again while the old one stays on screen.
    await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('caseManage.') && !key[0].startsWith('caseManage.caseType'));
  }, [mutate]);
}
