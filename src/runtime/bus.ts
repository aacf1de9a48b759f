import mitt from 'mitt';

/** One key of a published sort: the request field and its direction. */
export interface SortKeyEvent {
  key: string;
  ascending: boolean;
}

/** Selected rows by their row key, in the order selected. */
export type SelectedRows = ReadonlyMap<string | number, Record<string, unknown>>;

/** Cross-block events of the page runtime: one bus, named channels. */
type RuntimeEvents = {
  /** A filter bar or search form published new conditions for the blocks listening on its channel. */
  query: { channel: string; values: Record<string, unknown> };
  /** A sort bar chose the keys the listening table sorts by (empty: the table's own order). */
  sort: { channel: string; keys: SortKeyEvent[] };
  /** The order the list on the channel has while no sort is chosen (empty: unknown). */
  defaultSort: { channel: string; keys: SortKeyEvent[] };
  /** A block on the channel (a table, a card list) changed which rows are selected. */
  selection: { channel: string; rows: SelectedRows };
};

export const runtimeBus = mitt<RuntimeEvents>();

const lastQuery = new Map<string, Record<string, unknown>>();
const lastSort = new Map<string, SortKeyEvent[]>();
const lastDefaultSort = new Map<string, SortKeyEvent[]>();
const lastSelection = new Map<string, SelectedRows>();

export function publishQuery(channel: string, values: Record<string, unknown>): void {
  lastQuery.set(channel, values);
  runtimeBus.emit('query', { channel, values });
}

/** The conditions last published on a channel, for a block that mounts after the filter bar. */
export function currentQuery(channel: string): Record<string, unknown> {
  return lastQuery.get(channel) ?? {};
}

export function publishSort(channel: string, keys: SortKeyEvent[]): void {
  lastSort.set(channel, keys);
  runtimeBus.emit('sort', { channel, keys });
}

/** The sort last published on a channel, for a table that mounts after the sort bar. */
export function currentSort(channel: string): SortKeyEvent[] {
  return lastSort.get(channel) ?? [];
}

export function publishDefaultSort(channel: string, keys: SortKeyEvent[]): void {
  lastDefaultSort.set(channel, keys);
  runtimeBus.emit('defaultSort', { channel, keys });
}

/** The order the list on the channel has without a chosen sort, as a sort bar there learnt it. */
export function currentDefaultSort(channel: string): SortKeyEvent[] {
  return lastDefaultSort.get(channel) ?? [];
}

const NONE: SelectedRows = new Map();

/**
 * One selection per channel: every view of the same rows (a table, cards) shows and changes it,
 * and the blocks acting on it (the tag drawer, export) read it.
 */
export function publishSelection(channel: string, rows: SelectedRows): void {
  lastSelection.set(channel, rows);
  runtimeBus.emit('selection', { channel, rows });
}

export function currentSelectedRows(channel: string): SelectedRows {
  return lastSelection.get(channel) ?? NONE;
}

/** The keys of the rows selected on the channel now. */
export function currentSelection(channel: string): (string | number)[] {
  return [...currentSelectedRows(channel).keys()];
}

/** Rows that no longer exist (deleted) leave every channel's selection. */
export function forgetSelected(keys: readonly (string | number)[]): void {
  for (const [channel, rows] of lastSelection) {
    if (!keys.some((k) => rows.has(k))) continue;
    const next = new Map(rows);
    for (const k of keys) next.delete(k);
    publishSelection(channel, next);
  }
}
