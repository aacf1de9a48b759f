import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { BrandExportRecord } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';

/** Lists of export records on the page fetch again, to show a new or finished export. */
export function useRefreshExportLists(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === 'brandExport.list');
}

/**
 * An export record kept current: while it runs it is asked for again every `pollMs`; when it
 * finishes, the lists of export records fetch again so their counts and links are right.
 */
export function useExportProgress(initial: BrandExportRecord | null, pollMs: number): BrandExportRecord | null {
  const runtime = useRuntime();
  const refreshLists = useRefreshExportLists();
  const [record, setRecord] = useState(initial);
  useEffect(() => setRecord(initial), [initial]);
  useEffect(() => {
    if (!record || record.status !== 'running') return;
    const timer = setTimeout(() => {
      runtime
        .callOperation('brandExport.get', { id: record.id })
        .then((next) => {
          setRecord(next);
          if (next.status !== 'running') void refreshLists();
        })
        .catch(() => undefined);
    }, pollMs);
    return () => clearTimeout(timer);
    // refreshLists is a fresh closure each render; the record and interval decide the polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record, pollMs, runtime]);
  return record;
}
