import type { ComponentName } from '../generated/components.js';
import type { SchemaComponent } from '../runtime/schemaFieldContext.js';
import type { UseExtraColumns } from '../runtime/blocks/table/extraColumns.js';
import { runtimeComponents } from '../runtime/runtimeComponents.js';
import { customFieldComponents, useCustomFieldTableColumns } from '../widgets/customFields/index.js';
import { brandExportWidgets } from '../widgets/brandExport/index.js';
import { brandImportWidgets } from '../widgets/brandImport/index.js';
import { classificationWidgets } from '../widgets/classification/index.js';
import { countryWidgets } from '../widgets/countries/index.js';
import { homeWidgets } from '../widgets/home/index.js';
import { mergeWidgets } from '../widgets/merge/index.js';
import { tagWidgets } from '../widgets/tags/index.js';
import { trademarkWidgets } from '../widgets/trademarks/index.js';
import { SchemaDesigner } from '../designer/LazySchemaDesigner.js';

/**
 * The composition root of what schemas may name: the runtime's blocks, each domain's widgets and the
 * designer. Typed against the described components, so one described but not given fails the build.
 */
export const schemaComponents: Record<ComponentName, SchemaComponent> = {
  ...runtimeComponents,
  ...customFieldComponents,
  ...classificationWidgets,
  ...countryWidgets,
  ...homeWidgets,
  ...trademarkWidgets,
  ...brandImportWidgets,
  ...brandExportWidgets,
  ...mergeWidgets,
  ...tagWidgets,
  SchemaDesigner,
};

/** The columns a table's `customFields` adds: the organisation's custom fields. */
export const tableExtraColumns: UseExtraColumns = useCustomFieldTableColumns;
