import { OfficialLetterButton } from './OfficialLetterButton.js';
import { OfficialTypeSelect } from './OfficialTypeSelect.js';
import { OfficialDeadlinePreview } from './OfficialDeadlinePreview.js';
import { OfficialMarksField } from './OfficialMarksField.js';
import { LetterDeadlineCell } from './LetterDeadlineCell.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** The official-document form and the blocks of the letter lists. */
export const officialWidgets = {
  OfficialLetterButton,
  OfficialTypeSelect,
  OfficialDeadlinePreview,
  OfficialMarksField,
  LetterDeadlineCell,
} satisfies SchemaComponents;
