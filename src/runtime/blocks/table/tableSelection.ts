import { createContext, useContext } from 'react';
import type { Row } from './types.js';

/** What a table gives the components in its toolbar slots: its selected rows and a way to refresh. */
export interface TableSelection {
  /** The selected rows, across pages, in the order selected. */
  rows: Row[];
  rowKey: string;
  /** The conditions from the table's filter bar or search form (its current query). */
  conditions: Record<string, unknown>;
  clear(): void;
  /** Fetches the table again (after a change to its rows). */
  refresh(): Promise<unknown>;
}

export const TableSelectionContext = createContext<TableSelection | null>(null);

/** The surrounding table's selection; null outside a table's toolbar. */
export function useTableSelection(): TableSelection | null {
  return useContext(TableSelectionContext);
}
