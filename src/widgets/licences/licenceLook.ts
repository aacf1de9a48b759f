import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Trademark } from '../../generated/types.js';

export const LICENCE_TYPE_OPTIONS = [
  { value: 'exclusive', label: '独占许可' },
  { value: 'sole', label: '排他许可' },
  { value: 'ordinary', label: '普通许可' },
];

export const licenceDetailPath = (id: number) => `/brand/detailLicense?id=${id}`;
export const licenceEditPath = (id: number) => `/brand/addLicense?id=${id}`;

/** “星辰（12345678）第3类”: a mark as the pickers show it. */
export const markLabel = (m: Pick<Trademark, 'tmName' | 'appNo' | 'regNo' | 'tmCl'>) =>
  `${m.tmName || '图形'}（${[m.appNo, m.regNo && m.regNo !== m.appNo ? m.regNo : null].filter(Boolean).join(' / ')}）第${m.tmCl ?? '-'}类`;

/** After a licence changed: every cached licence reply (lists, details, a mark's licences) is asked again. */
export function useRefreshLicences(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('licenseMatter.'));
  }, [mutate]);
}
