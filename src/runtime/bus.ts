import mitt from 'mitt';

/** One key of a published sort: the request field and its direction. */
export interface SortKeyEvent {
  key: string;
  ascending: boolean;
}

/** Cross-block events of the page runtime: one bus, named channels. */
type RuntimeEvents = {
  /** A filter bar or search form published new conditions for the blocks listening on its channel. */
  query: { channel: string; values: Record<string, unknown> };
  /** A sort bar chose the keys the listening table sorts by (empty: the table's own order). */
  sort: { channel: string; keys: SortKeyEvent[] };
  /** The order the list on the channel has while no sort is chosen (empty: unknown). */
  defaultSort: { channel: string; keys: SortKeyEvent[] };
  /** A table on the channel changed which rows are selected (their row keys). */
  selection: { channel: string; ids: (string | number)[] };
};

export const runtimeBus = mitt<RuntimeEvents>();

const lastQuery = new Map<string, Record<string, unknown>>();
const lastSort = new Map<string, SortKeyEvent[]>();
const lastDefaultSort = new Map<string, SortKeyEvent[]>();
const lastSelection = new Map<string, (string | number)[]>();

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

export function publishSelection(channel: string, ids: (string | number)[]): void {
  lastSelection.set(channel, ids);
  runtimeBus.emit('selection', { channel, ids });
}

/** The rows a table on the channel has selected now, for a block acting on them (e.g. the tag drawer). */
export function currentSelection(channel: string): (string | number)[] {
  return lastSelection.get(channel) ?? [];
}
