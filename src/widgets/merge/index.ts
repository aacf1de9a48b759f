import { MergeDialogButton } from './MergeDialogButton.js';
import { OnceMergeButton } from './OnceMergeButton.js';
import { BatchTaskListButton } from './BatchTaskListButton.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** Merging marks and the batch task list. */
export const mergeWidgets = {
  MergeDialogButton,
  OnceMergeButton,
  BatchTaskListButton,
} satisfies SchemaComponents;
