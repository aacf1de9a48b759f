import { EnterpriseGroupTree } from './EnterpriseGroupTree.js';
import { EnterpriseMoveButton } from './EnterpriseMoveButton.js';
import { UKeyCodeStatus } from './UKeyCodeStatus.js';
import { ApplicantAddressInput } from './ApplicantAddressInput.js';
import { EnterprisePictureUpload } from './EnterprisePictureUpload.js';
import { ApplicantEnglishInput } from './ApplicantEnglishInput.js';
import { FormerNamesInput } from './FormerNamesInput.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** My enterprises: groups and moving between them, the e-filing certificate, the payload's own fields. */
export const enterpriseWidgets = {
  EnterpriseGroupTree,
  EnterpriseMoveButton,
  UKeyCodeStatus,
  ApplicantAddressInput,
  EnterprisePictureUpload,
  ApplicantEnglishInput,
  FormerNamesInput,
} satisfies SchemaComponents;
