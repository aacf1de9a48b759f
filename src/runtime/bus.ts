import mitt from 'mitt';

/**
 * Events that cross pages. What one page's blocks share (conditions, sort, selection) is that
 * page's query model (pageQuery.ts); only what happens to records everywhere travels here.
 */
type CrossPageEvents = {
  /** Rows were deleted: no page may keep them selected. */
  rowsDeleted: { keys: readonly (string | number)[] };
};

export const runtimeBus = mitt<CrossPageEvents>();

/** Deleted rows leave the selection of every open page. */
export function forgetSelected(keys: readonly (string | number)[]): void {
  runtimeBus.emit('rowsDeleted', { keys });
}
