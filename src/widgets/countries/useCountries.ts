import { useCallback } from 'react';
import type { CountryEntry } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { NOTICE_DISPLAY_TYPE, readNoticePreference, writeNoticePreference, type NoticePreference } from './countryNotice.js';

const NO_COUNTRIES: CountryEntry[] = [];

/** Every country, region and union with its Chinese name; one call per page, shared through swr. */
export function useCountryList(): { countries: CountryEntry[]; loading: boolean } {
  const list = useOperation('country.getCountryList', {});
  return { countries: list.data ?? NO_COUNTRIES, loading: list.isLoading };
}

/** The user's "下次不再提醒" choice for the regional-registration notice (display preference 7). */
export function useNoticePreference(): { preference: NoticePreference; loaded: boolean; save(preference: NoticePreference): Promise<void> } {
  const runtime = useRuntime();
  const stored = useOperation('display.query', { displayType: NOTICE_DISPLAY_TYPE });
  const { mutate } = stored;
  const save = useCallback(
    async (preference: NoticePreference) => {
      const displayContent = writeNoticePreference(preference);
      await runtime.callOperation('display.set', { displayType: NOTICE_DISPLAY_TYPE, displayContent });
      await mutate(displayContent, { revalidate: false });
    },
    [runtime, mutate],
  );
  return { preference: readNoticePreference(stored.data), loaded: stored.data !== undefined || stored.error !== undefined, save };
}
