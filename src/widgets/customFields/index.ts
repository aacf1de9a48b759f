import { CustomFieldSettings } from './CustomFieldSettings.js';
import { CustomFieldFilter } from './CustomFieldFilter.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** Custom fields' settings dialog and filter-bar condition, as a schema names them. */
export const customFieldComponents = {
  CustomFieldSettings,
  CustomFieldFilter,
} satisfies SchemaComponents;
