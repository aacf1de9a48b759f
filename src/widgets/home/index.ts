import { ReleaseLogDialog } from './ReleaseLogDialog.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** The home page's components. */
export const homeWidgets = {
  ReleaseLogDialog,
} satisfies SchemaComponents;
