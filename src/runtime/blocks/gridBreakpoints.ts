/** The grid breakpoints of spec 001 §9, by viewport width in px. */
export const GRID_BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type GridBreakpoint = (typeof GRID_BREAKPOINTS)[number];

/** Upper bounds (exclusive): under 768 xs, under 992 sm, under 1200 md, under 1920 lg, otherwise xl. */
const BELOW: Record<Exclude<GridBreakpoint, 'xl'>, number> = { xs: 768, sm: 992, md: 1200, lg: 1920 };

export const DEFAULT_GRID_COLUMNS: Record<GridBreakpoint, number> = { xs: 1, sm: 2, md: 2, lg: 3, xl: 4 };

export function breakpointOf(width: number): GridBreakpoint {
  if (width < BELOW.xs) return 'xs';
  if (width < BELOW.sm) return 'sm';
  if (width < BELOW.md) return 'md';
  if (width < BELOW.lg) return 'lg';
  return 'xl';
}

/** Columns at a width; breakpoints the page leaves out keep the defaults, and at least one column. */
export function columnsAt(width: number, columns: Partial<Record<GridBreakpoint, number>> = {}): number {
  const point = breakpointOf(width);
  const n = Math.floor(columns[point] ?? DEFAULT_GRID_COLUMNS[point]);
  return Number.isFinite(n) && n >= 1 ? n : DEFAULT_GRID_COLUMNS[point];
}
