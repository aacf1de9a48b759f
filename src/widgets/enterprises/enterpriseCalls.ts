import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useOperation } from '../../runtime/useOperation.js';

/** The organisation's groups with their numbers of enterprises, shared by the tree and the move dialog. */
export function useGroupList(enabled = true) {
  return useOperation('enterprise.groupList', enabled ? {} : null);
}

/** After a change to groups or to which group an enterprise is in: the counts and every list of enterprises are stale. */
export function useRefreshEnterprises(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => Array.isArray(key) && (key[0] === 'enterprise.groupList' || key[0] === 'enterprise.getList')), [mutate]);
}
