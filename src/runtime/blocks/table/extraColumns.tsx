import { createContext, useContext, type ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import type { GenericTableProps } from '../../../generated/types.js';

type Row = Record<string, unknown>;

/** What a table's `customFields` adds: columns after the configured ones, and tools for its toolbar given the selection. */
export interface ExtraColumns {
  columns: TableColumnsType<Row>;
  toolbar(selection: { rows: Row[]; selectable: boolean }): ReactNode;
}

/** The hook GenericTable asks for the columns of its `customFields`; the application gives it (the custom-field widgets). */
export type UseExtraColumns = (config: GenericTableProps['customFields'], rowKey: string, refresh: () => Promise<unknown>) => ExtraColumns;

const none: ExtraColumns = { columns: [], toolbar: () => null };
const ExtraColumnsContext = createContext<UseExtraColumns>(() => none);

/** Gives tables below the source of their `customFields` columns. The value must not change while tables are shown: it is a hook. */
export const ExtraColumnsProvider = ExtraColumnsContext.Provider;

/** The source of the `customFields` columns given above, or none. */
export function useExtraColumnsSource(): UseExtraColumns {
  return useContext(ExtraColumnsContext);
}
