/**
 * Columns pinned to the right moved to the end, the rest keeping their order: the operation column
 * stays the last one whatever comes after the configured columns (custom fields), and pinned
 * columns are where antd expects them.
 */
export function pinnedRightLast<C extends { fixed?: unknown }>(columns: readonly C[]): C[] {
  return [...columns.filter((c) => c.fixed !== 'right'), ...columns.filter((c) => c.fixed === 'right')];
}
