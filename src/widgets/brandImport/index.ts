import { BrandImportWizard } from './BrandImportWizard.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** The archive's spreadsheet import, as a schema names it. */
export const brandImportWidgets = {
  BrandImportWizard,
} satisfies SchemaComponents;
