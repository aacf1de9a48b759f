import { RecognitionUploader } from './RecognitionUploader.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** Uploading letters to be recognised and reviewed before they are saved. */
export const recognitionWidgets = {
  RecognitionUploader,
} satisfies SchemaComponents;
