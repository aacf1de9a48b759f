import type { ExtraColumns, UseExtraColumns } from '../../runtime/blocks/table/extraColumns.js';
import { lazyModule } from '../../runtime/lazy/lazyComponents.js';
import { useCustomFieldColumns } from './useCustomFieldColumns.js';

/** The cells' editors and the toolbar's dialogs: loaded with the first table that has custom fields, beside its fields' list. */
const tableParts = lazyModule(() => import('./tableParts.js'));

/** A table's custom fields as extra columns and toolbar tools (spec 001 §3, §4): the source GenericTable is given for `customFields`. */
export const useCustomFieldTableColumns: UseExtraColumns = (config, rowKey, refresh): ExtraColumns => {
  const parts = tableParts.useLoaded(Boolean(config));
  const { fields, columns } = useCustomFieldColumns(config, rowKey, refresh, parts?.CustomFieldCell);
  return {
    columns,
    toolbar: ({ rows, selectable }) =>
      config && parts ? (
        <parts.CustomFieldToolbar config={config} fields={fields} rows={rows} selectable={selectable} rowKey={rowKey} onSaved={refresh} />
      ) : null,
  };
};
