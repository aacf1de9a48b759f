import type { ConfirmSpec } from '../../confirmDialog.js';
import type { RowCondition } from './rowCondition.js';
import type { CellEditTarget } from './cellEdit.js';

export type Row = Record<string, unknown>;

export type ColumnType = 'index' | 'text' | 'number' | 'date' | 'datetime' | 'select' | 'image' | 'input' | 'slot' | 'expand' | 'selection' | 'operation';

export type ColumnOptions = Record<string, string> | { label: string; value: string | number | boolean }[];

/** Saving an edited cell (input, number, select) through an operation. */
export interface CellEdit extends CellEditTarget {
  operation: string;
  /** Editable only with this permission key. */
  permission?: string;
  /** Editable only on rows matching this condition. */
  when?: RowCondition;
  successMessage?: string;
  /** For `number`: send the number as text (codes, long digit strings) instead of a JSON number. */
  numberAs?: 'number' | 'string';
}

export interface TableColumn {
  prop: string;
  label: string;
  type?: ColumnType;
  width?: number;
  fixed?: 'left' | 'right';
  sortable?: boolean;
  /** Dropped unless the user holds this permission key. */
  permission?: string;
  /** For `select`: stored value → text shown. */
  options?: ColumnOptions;
  /** For `input`: multi-line text (200 characters instead of 50). */
  multiline?: boolean;
  /** For `input`, `number`, `select`: a double-click edits the cell and saving calls this. */
  edit?: CellEdit;
  /**
   * For `slot` and `expand`: the name of a property of the table node holding a Formily fragment,
   * rendered for each row with `$record` (the row) and `$index` in scope.
   */
  slot?: string;
  /** For `expand`: the row's fields listed when no schema is given. */
  fields?: { prop: string; label: string }[];
  /** For `expand`: rows that can expand; for `selection`: rows that can be selected. */
  when?: RowCondition;
}

export interface TableButton {
  label: string;
  operation: string;
  permission?: string;
  /** Row buttons: the request field carrying the row id (`id` by default). */
  idParam?: string;
  /** Header buttons acting on the selected rows (or a row button sending its id as a list). */
  idsParam?: string;
  idsFormat?: 'array' | 'join';
  separator?: string;
  /** Constant request fields. */
  body?: Record<string, unknown>;
  confirm?: ConfirmSpec;
  danger?: boolean;
  successMessage?: string;
  /** Row buttons and dropdown items: shown only on rows matching this condition. */
  visibleWhen?: RowCondition;
  /** Header buttons: primary style. */
  primary?: boolean;
}
