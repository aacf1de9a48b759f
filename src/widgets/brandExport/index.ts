import { ArchiveExportButton } from './ArchiveExportButton.js';
import { ExportRecordStatus } from './ExportRecordStatus.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** The archive's export and its records, as a schema names them. */
export const brandExportWidgets = {
  ArchiveExportButton,
  ExportRecordStatus,
} satisfies SchemaComponents;
