import { ReportBoard } from './ReportBoard.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** The reports page; its charts and echarts load with it, never before. */
export const reportWidgets = {
  ReportBoard,
} satisfies SchemaComponents;
