/**
 * The part of a long list of rows or columns that is rendered: items `start` to `end` (exclusive),
 * with the others replaced by a spacer before and one after, so the scroll size stays the whole
 * list's. Shared by the row window (rowWindow.ts) and the column window (columnWindow.ts).
 */
export interface WindowSpan {
  /** First rendered item. */
  start: number;
  /** One past the last rendered item. */
  end: number;
  /** Size (height or width) of the items before `start` and from `end` on. */
  before: number;
  after: number;
}

/** Whether two spans render the same items at the same offsets. */
export function sameSpan(a: WindowSpan | null, b: WindowSpan | null): boolean {
  return a === b || (a !== null && b !== null && a.start === b.start && a.end === b.end && a.before === b.before && a.after === b.after);
}
