import { MarkPicker } from './MarkPicker.js';
import { ApplicantPicker } from './ApplicantPicker.js';
import { GoodsByClassEditor } from './GoodsByClassEditor.js';
import { CoOwnerList } from './CoOwnerList.js';
import { CaseApplication } from './CaseApplication.js';
import { CaseStatusTag } from './CaseStatusTag.js';
import { CaseOpenButton } from './CaseOpenButton.js';
import { CaseTypeCounts } from './CaseTypeCounts.js';
import { NewCaseButton } from './NewCaseButton.js';
import { MarkCaseList } from './MarkCaseList.js';
import { readPrettyAware } from './readPrettyAware.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/**
 * The fields of case application forms (the archive mark, the applicant from 我的企业, goods by
 * class, co-owners; each shows its read-only view on a filed case's page), the case page itself,
 * and the blocks of the case list and of a mark's page.
 */
export const caseWidgets = {
  MarkPicker: readPrettyAware(MarkPicker),
  ApplicantPicker: readPrettyAware(ApplicantPicker),
  GoodsByClassEditor: readPrettyAware(GoodsByClassEditor),
  CoOwnerList: readPrettyAware(CoOwnerList),
  CaseApplication,
  CaseStatusTag,
  CaseOpenButton,
  CaseTypeCounts,
  NewCaseButton,
  MarkCaseList,
} satisfies SchemaComponents;

/** Where a case opens (its type's page), for other domains that link to cases. */
export { casePath } from './caseRoutes.js';
