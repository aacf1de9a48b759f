import { MarkPicker } from './MarkPicker.js';
import { ApplicantPicker } from './ApplicantPicker.js';
import { GoodsByClassEditor } from './GoodsByClassEditor.js';
import { CoOwnerList } from './CoOwnerList.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** The fields of case application forms: the archive mark, the applicant from 我的企业, goods by class, co-owners. */
export const caseWidgets = {
  MarkPicker,
  ApplicantPicker,
  GoodsByClassEditor,
  CoOwnerList,
} satisfies SchemaComponents;
