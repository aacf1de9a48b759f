import { createSchemaField } from '@formily/react';
import { componentRegistry } from './registry.js';

const makeSchemaField = () => createSchemaField({ components: componentRegistry as Record<string, never> });
type SchemaFieldComponent = ReturnType<typeof makeSchemaField>;
let schemaField: SchemaFieldComponent | null = null;

/**
 * The one Formily SchemaField of the product, knowing every registered component. Made on first
 * use: blocks in the registry render schemas themselves, so it cannot exist before the registry.
 */
export function getSchemaField(): SchemaFieldComponent {
  schemaField ??= makeSchemaField();
  return schemaField;
}
