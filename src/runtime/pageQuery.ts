import { action, batch, define, observable } from '@formily/reactive';
import { sortRequest, type SortKey } from './blocks/sortPresets.js';
import { isEmptyCondition } from './blocks/filterConditions.js';

/** Selected rows by their row key, in the order selected. */
export type SelectedRows = ReadonlyMap<string | number, Record<string, unknown>>;

const NO_ROWS: SelectedRows = new Map();

/** Request fields that say which page of the rows and in what order, not which rows. */
const PAGING_AND_ORDER = new Set(['pageNo', 'pageSize', 'sortField', 'sortType']);

/** Conditions as a filter of rows: paging, order and empty conditions left out. What acts on every matching row (export, tagging, a batch merge) sends. */
export function rowFilter(conditions: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(conditions).filter(([key, value]) => !PAGING_AND_ORDER.has(key) && !isEmptyCondition(value)));
}

/** The request fields a list sends its sort in (a table may name them otherwise). */
export interface SortParams {
  sortField?: string;
  sortType?: string;
}

/**
 * One query of a page, declared in the page schema (`x-queries`): what its filter bar or search
 * form chose, the sort, the list's order without a chosen sort, and the selected rows. Every block
 * naming the query observes this one reactive object: the table and the cards list by it, the
 * statistics count it, the tag drawer and export act on its selection or its conditions. Values are
 * replaced, never changed in place, so an observer sees each change once.
 */
export class PageQuery {
  /** Non-empty conditions, as the filter bar or search form last applied them. */
  conditions: Record<string, unknown> = {};
  /** The chosen sort keys; empty: the list's own order. */
  sort: SortKey[] = [];
  /** The order the list has while no sort is chosen, as a sort bar learnt it (empty: unknown). */
  defaultSort: SortKey[] = [];
  selection: SelectedRows = NO_ROWS;
  /** Moves with every change of conditions or sort: a list goes back to its first page. */
  generation = 0;

  constructor(readonly name: string) {
    define(this, {
      conditions: observable.ref,
      sort: observable.ref,
      defaultSort: observable.ref,
      selection: observable.ref,
      generation: observable.ref,
      setConditions: action,
      setSort: action,
      setDefaultSort: action,
      select: action,
      forget: action,
    });
  }

  setConditions(values: Record<string, unknown>): void {
    this.conditions = values;
    this.generation += 1;
  }

  setSort(keys: SortKey[]): void {
    this.sort = keys;
    this.generation += 1;
  }

  setDefaultSort(keys: SortKey[]): void {
    this.defaultSort = keys;
  }

  select(rows: SelectedRows): void {
    this.selection = rows;
  }

  /** Rows that no longer exist leave the selection. */
  forget(keys: readonly (string | number)[]): void {
    if (!keys.some((k) => this.selection.has(k))) return;
    const next = new Map(this.selection);
    for (const k of keys) next.delete(k);
    this.selection = next;
  }

  /** The keys of the selected rows, in the order selected. */
  get selectedKeys(): (string | number)[] {
    return [...this.selection.keys()];
  }

  /** Which rows the conditions match, whatever page or order a list shows them in. */
  get filter(): Record<string, unknown> {
    return rowFilter(this.conditions);
  }

  /** The sort as request fields, named as the list's operation names them; empty without a sort. */
  sortBody(params: SortParams = {}): Record<string, string> {
    const sorted = sortRequest(this.sort);
    if (!sorted) return {};
    return { [params.sortField ?? 'sortField']: sorted.sortField, [params.sortType ?? 'sortType']: sorted.sortType };
  }

  /** Conditions and sort as one request body: what a list on this query sends, paging aside. */
  request(params: SortParams = {}): Record<string, unknown> {
    return { ...this.conditions, ...this.sortBody(params) };
  }
}

/** The queries of one page, by name. */
export class PageQueries {
  private readonly byName = new Map<string, PageQuery>();

  constructor(names: Iterable<string> = []) {
    for (const name of names) this.byName.set(name, new PageQuery(name));
  }

  /**
   * The named query. The schema check makes every name a declared one; a draft in the designer's
   * preview may name one not declared yet, which then lives as long as the page.
   */
  get(name: string): PageQuery {
    let query = this.byName.get(name);
    if (!query) {
      query = new PageQuery(name);
      this.byName.set(name, query);
    }
    return query;
  }

  /** Deleted rows leave every query's selection. */
  forget(keys: readonly (string | number)[]): void {
    batch(() => {
      for (const query of this.byName.values()) query.forget(keys);
    });
  }
}
