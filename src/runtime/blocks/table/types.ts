import type { GenericTableProps } from '../../../generated/types.js';

export type Row = Record<string, unknown>;

/** A column, a button and a cell edit as schemas/components/GenericTable.json describes them. */
export type TableColumn = GenericTableProps['columns'][number];
export type ColumnType = NonNullable<TableColumn['type']>;
export type ColumnOptions = NonNullable<TableColumn['options']>;
export type CellEdit = NonNullable<TableColumn['edit']>;
export type TableButton = NonNullable<GenericTableProps['rowButtons']>[number];
