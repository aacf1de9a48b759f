import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** After a proposal changed: every cached proposal reply (the proposal, its chart, lists, counts, comments) is asked again; the types stay. */
export function useRefreshProposals(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('demand.') && key[0] !== 'demand.demandTypes');
  }, [mutate]);
}
