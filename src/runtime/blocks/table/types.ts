import type { GenericTableProps } from '../../../generated/types.js';

export type Row = Record<string, unknown>;

/** A column, a button and a cell edit as schemas/components/GenericTable.json describes them. */
export type DescribedColumn = GenericTableProps['columns'][number];
/** A column with what it left out taken from the row's record (recordColumns.ts): it always has its header. */
export type TableColumn = DescribedColumn & { label: string };
export type ColumnType = NonNullable<DescribedColumn['type']>;
export type ColumnOptions = NonNullable<DescribedColumn['options']>;
export type CellEdit = NonNullable<DescribedColumn['edit']>;
export type TableButton = NonNullable<GenericTableProps['rowButtons']>[number];
export type HeaderButton = NonNullable<GenericTableProps['headerButtons']>[number];
