import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { UseEvidence } from '../../generated/types.js';
import { FIELD_ENUM_TITLES } from '../../generated/fieldFormats.js';

export const EVIDENCE_TYPE_TITLES = FIELD_ENUM_TITLES.UseEvidence.evidenceType as Record<UseEvidence['evidenceType'], string>;
export const EVIDENCE_TYPES = Object.entries(EVIDENCE_TYPE_TITLES).map(([value, label]) => ({ value: value as UseEvidence['evidenceType'], label }));

export const STATE_LOOK = {
  complete: { text: '完整', color: 'success' },
  gaps: { text: '有缺口', color: 'error' },
  none: { text: '无证据', color: 'default' },
} as const;

export const coveragePath = (brandId: number) => `/brand/useEvidenceDetail?brandId=${brandId}`;
export const editorPath = (query: { id?: number; brandId?: number }) =>
  `/brand/aptitudeProveEdit${query.id ? `?id=${query.id}` : query.brandId ? `?brandId=${query.brandId}` : ''}`;

export const evidenceDate = (e: Pick<UseEvidence, 'dateFrom' | 'dateTo'>) =>
  e.dateTo && e.dateTo !== e.dateFrom ? `${e.dateFrom} 至 ${e.dateTo}` : e.dateFrom;

export { storedFilesOf as evidenceFilesOf, uploadedFilesOf } from '../../runtime/upload/storedFiles.js';

/** After evidence changed: every cached evidence reply (coverage, lists) is asked again. */
export function useRefreshEvidence(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('evidence.'));
  }, [mutate]);
}

/** A positive integer from the address, or undefined. */
export function idParam(query: URLSearchParams, name: string): number | undefined {
  const value = Number(query.get(name));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
