import { ClassificationBrowser } from './ClassificationBrowser.js';
import { ClassPicker } from './ClassPicker.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** The goods and services classification: its browser and the class picker. */
export const classificationWidgets = {
  ClassificationBrowser,
  ClassPicker,
} satisfies SchemaComponents;
