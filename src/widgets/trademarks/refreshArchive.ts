import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** After a change, every cached archive reply (list pages, statistics, details) is fetched again. */
export function useRefreshArchive(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('brandArchives.'), undefined, { revalidate: true });
  }, [mutate]);
}
