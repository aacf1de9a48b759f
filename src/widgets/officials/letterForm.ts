import { createContext, useContext } from 'react';
import type { OfficialTypeCatalogEntry, Trademark } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';

export type LetterBusiness = 'trademark' | 'copyright';

/** The business of the letter form being shown: it decides which types the catalogue offers. */
export const LetterBusinessContext = createContext<LetterBusiness>('trademark');

/** The field text of a type not in the catalogue (spec 001 §5). */
export const UNKNOWN_TYPE_FIELD = '当前官文类型不存在';
/** The warning shown with it. */
export const UNKNOWN_TYPE_WARNING = '当前官文类型不存在，请重新选择或联系客服添加';

/** The organisation's catalogue of this business's letter types; empty when the call fails (spec 001 §8). */
export function useLetterCatalog(): OfficialTypeCatalogEntry[] {
  const business = useContext(LetterBusinessContext);
  const reply = useOperation('officials.getOfficialTypeList', { business });
  return reply.error ? [] : (reply.data ?? []);
}

/** One related mark as the form holds it (spec 001 §3 brandDetail). */
export interface RelatedMark {
  id?: number;
  appNo: string;
  tmName: string;
  tmCl?: number | null;
  tmLogoUrl?: string | null;
}

/** An archive mark as a letter's related mark. */
export const relatedMarkOf = (m: Trademark): RelatedMark => ({
  id: m.id,
  appNo: m.appNo,
  tmName: m.tmName,
  tmCl: m.tmCl ?? null,
  tmLogoUrl: m.tmLogoUrl ?? null,
});

export const markText = (m: RelatedMark) => `${m.tmName || '图形'}（${m.appNo}${m.tmCl ? ` · 第${m.tmCl}类` : ''}）`;
