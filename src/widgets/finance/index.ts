import { FinanceRecordView } from './FinanceRecordView.js';
import { FinanceTotals } from './FinanceTotals.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** The fee record's page and the totals above the fee list. */
export const financeWidgets = {
  FinanceRecordView,
  FinanceTotals,
} satisfies SchemaComponents;
