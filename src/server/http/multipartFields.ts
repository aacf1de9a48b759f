import Ajv, { type Plugin as AjvPlugin } from 'ajv';
import addFormats from 'ajv-formats';
import { AJV_OPTIONS, ANNOTATION_KEYWORDS } from '../../shared/schemaKeywords.js';
import type { JsonSchema } from '../../shared/operation.js';
import { badRequest } from './apiError.js';
import { describeValidationErrors } from './validationMessage.js';
import { unstorableTextAt, unstorableTextMessage } from './textCharacters.js';
import type { FieldLabeller } from './fieldLabels.js';

let ajv: Ajv | null = null;

/**
 * The text fields of a multipart request are checked against the operation's request schema with
 * the same rules and Chinese messages as JSON bodies (Fastify does not see inside the stream).
 */
export function multipartFieldCheck(schema: JsonSchema, labelAt: FieldLabeller): (fields: Record<string, string>) => void {
  ajv ??= (() => {
    const instance = new Ajv({ ...AJV_OPTIONS, keywords: [...ANNOTATION_KEYWORDS], coerceTypes: false, removeAdditional: false, verbose: true });
    (addFormats as unknown as AjvPlugin<unknown>)(instance);
    return instance;
  })();
  const validate = ajv.compile(schema);
  return (fields) => {
    if (!validate(fields)) throw badRequest(describeValidationErrors(validate.errors ?? [], labelAt));
    const at = unstorableTextAt(fields);
    if (at) throw badRequest(unstorableTextMessage(labelAt(at.path), at.inKey));
  };
}
