/** What a table with custom fields loads on first use: the cells' in-place editors and the toolbar's tools. */
export { CustomFieldCell } from './CustomFieldCell.js';
export { CustomFieldToolbar } from './CustomFieldToolbar.js';
