import { LicenceEditor } from './LicenceEditor.js';
import { LicenceDetail } from './LicenceDetail.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** Trademark licences (商标许可): the add/edit form with each mark's goods to choose from, and the licence's page. */
export const licenceWidgets = {
  LicenceEditor,
  LicenceDetail,
} satisfies SchemaComponents;
