import { addDays, addMonths } from './trademarkDates.js';

/**
 * Which of a mark's goods are shown in use in which part of the three years before a reference
 * date (a non-use cancellation's filing date, 商标法第四十九条: three years without use). The three
 * years are cut into six half-years; a goods item is covered in a half-year when some evidence that
 * names it is dated in it (a dated span counts in every half-year it overlaps). Evidence after the
 * reference date counts for nothing: use begun once a cancellation is filed does not answer it.
 */

/** How many half-years the three years are cut into. */
export const COVERAGE_PERIODS = 6;

export interface CoveragePeriod {
  label: string;
  /** First and last day, both `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
}

/** What the rule needs of one evidence item. */
export interface EvidenceSpan {
  id: number;
  dateFrom: string;
  /** The end of a dated span; null for a single day. */
  dateTo: string | null;
  /** Names of the goods items it shows. */
  goods: readonly string[];
}

export interface CoverageCell {
  covered: boolean;
  evidenceIds: number[];
}

export interface GoodsCoverage {
  name: string;
  cells: CoverageCell[];
}

export type CoverageState = 'complete' | 'gaps' | 'none';

export interface Coverage {
  periods: CoveragePeriod[];
  goods: GoodsCoverage[];
  gapCount: number;
  state: CoverageState;
}

/** The six half-years before `referenceDate`, oldest first; the last ends the day before it. */
export function coveragePeriods(referenceDate: string): CoveragePeriod[] {
  const periods: CoveragePeriod[] = [];
  for (let k = 0; k < COVERAGE_PERIODS; k++) {
    const from = addMonths(referenceDate, -36 + 6 * k);
    const to = addDays(addMonths(referenceDate, -36 + 6 * (k + 1)), -1);
    periods.push({ label: `${from} 至 ${to}`, from, to });
  }
  return periods;
}

const overlaps = (e: EvidenceSpan, p: CoveragePeriod) => e.dateFrom <= p.to && (e.dateTo ?? e.dateFrom) >= p.from;

/**
 * The coverage of `goods` (the mark's goods item names, in their order) by `evidence` before
 * `referenceDate`. The state is `none` when the mark has no evidence at all, `gaps` when some
 * goods item lacks evidence in some half-year, otherwise `complete`.
 */
export function evidenceCoverage(goods: readonly string[], evidence: readonly EvidenceSpan[], referenceDate: string): Coverage {
  const periods = coveragePeriods(referenceDate);
  const names = [...new Set(goods)];
  const rows = names.map((name) => {
    const naming = evidence.filter((e) => e.goods.includes(name));
    return {
      name,
      cells: periods.map((p) => {
        const evidenceIds = naming.filter((e) => overlaps(e, p)).map((e) => e.id);
        return { covered: evidenceIds.length > 0, evidenceIds };
      }),
    };
  });
  const gapCount = rows.reduce((sum, r) => sum + r.cells.filter((c) => !c.covered).length, 0);
  const state: CoverageState = evidence.length === 0 ? 'none' : gapCount > 0 ? 'gaps' : 'complete';
  return { periods, goods: rows, gapCount, state };
}

/** The goods items a registration still covers: those not marked as deleted (mark 2). */
export function liveGoodsNames(items: readonly { name: string; mark?: number | null }[]): string[] {
  return [...new Set(items.filter((g) => g.mark !== 2).map((g) => g.name))];
}
