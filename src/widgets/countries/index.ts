import { CountryTreeSelect } from './CountryTreeSelect.js';
import { CountryName } from './CountryName.js';
import { CountrySelect } from './CountrySelect.js';
import { CountryMemberTip } from './CountryMemberTip.js';
import { CountryGroupNotice } from './CountryGroupNotice.js';
import { CountryArrangementEditor } from './CountryArrangementEditor.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

export { CountryName };
export { useCountryList } from './useCountries.js';

/** Countries, their groups and their filing notices. */
export const countryWidgets = {
  CountryTreeSelect,
  CountryName,
  CountrySelect,
  CountryMemberTip,
  CountryGroupNotice,
  CountryArrangementEditor,
} satisfies SchemaComponents;
