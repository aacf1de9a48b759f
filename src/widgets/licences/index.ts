import { LicensedMarksField } from './LicensedMarksField.js';
import { LicenceDetail } from './LicenceDetail.js';
import { registerAction } from '../../runtime/actions.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';
import { licenceDetailPath } from './licenceLook.js';

/** Trademark licences (商标许可): the field of marks with their licensed goods, and the licence's page. */
export const licenceWidgets = {
  LicensedMarksField,
  LicenceDetail,
} satisfies SchemaComponents;

// The licence form (schemas/pages/brand/brand-add-license.json) opens the licence it saved.
registerAction('licences.saved', (result, services) => {
  services.navigate(licenceDetailPath((result as { id: number }).id), { replace: true });
});
