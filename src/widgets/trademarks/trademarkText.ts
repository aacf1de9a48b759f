import type { Trademark } from '../../generated/types.js';
import { FIELD_ENUM_TITLES, FIELD_EXAMPLES } from '../../generated/fieldFormats.js';

/** Record sources (spec 001 §3 "Overseas record fields"). */
export const SOURCE_LABELS: Record<number, string> = FIELD_ENUM_TITLES.Trademark.source;

export const DEFAULT_COUNTRY = 'CN';
export const DEFAULT_SUBMIT_WAY = '单一申请';

/** The name a card shows: a renamed mark's new name first. */
export const markName = (mark: Pick<Trademark, 'tmName' | 'newTmName'>): string => mark.newTmName || mark.tmName || '--';

export const classText = (tmCl: number | null | undefined): string => (tmCl ? `第${tmCl}类` : '--');

export const orDash = (value: string | number | null | undefined): string => (value === null || value === undefined || value === '' ? '--' : String(value));

/** Where a mark's own detail page is. */
export const detailPath = (id: number): string => `/brand/detail?id=${id}`;

/** The similar-goods call's key: registration number (or the application number before registration) and class. */
export const applyNoOf = (mark: Pick<Trademark, 'regNo' | 'appNo' | 'tmCl'>): string | null => (mark.tmCl ? `${mark.regNo || mark.appNo}_${mark.tmCl}` : null);

/** The statuses the archive uses, in procedural order. */
export const TM_STATUSES = FIELD_EXAMPLES.Trademark.tmStatus;
