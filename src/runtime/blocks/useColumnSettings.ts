import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../runtimeContext.js';
import { mergeColumnSettings, parseColumnSettings, type ColumnSetting, type ConfigurableColumn } from './columnSettings.js';

const localKey = (tableKey: string) => `table-columns:${tableKey}`;
const displayType = (tableKey: string) => `columns:${tableKey}`;

/**
 * A table's column settings: kept in local storage per table key for an instant start, and per
 * user on the server (display preferences) so they follow the user to another browser.
 */
export function useColumnSettings(tableKey: string, columns: ConfigurableColumn[]) {
  const runtime = useRuntime();
  const [saved, setSaved] = useState<ColumnSetting[] | null>(() => parseColumnSettings(localStorage.getItem(localKey(tableKey))));
  const signedIn = runtime.user !== null;

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    runtime
      // In the background: local storage has already given the table its columns.
      .callOperation('display.query', { displayType: displayType(tableKey) }, { silent: true })
      .then((text) => {
        const fromServer = parseColumnSettings(text);
        if (cancelled || !fromServer) return;
        localStorage.setItem(localKey(tableKey), JSON.stringify(fromServer));
        setSaved(fromServer);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // Read once per table and sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tableKey, signedIn]);

  const settings = useMemo(() => mergeColumnSettings(columns, saved), [columns, saved]);

  const save = useCallback(
    (next: ColumnSetting[] | null) => {
      setSaved(next);
      if (next) localStorage.setItem(localKey(tableKey), JSON.stringify(next));
      else localStorage.removeItem(localKey(tableKey));
      if (signedIn) {
        const content = JSON.stringify(next ?? mergeColumnSettings(columns, null));
        runtime.callOperation('display.set', { displayType: displayType(tableKey), displayContent: content }).catch(() => undefined);
      }
    },
    [tableKey, signedIn, runtime, columns],
  );

  return { settings, save };
}
