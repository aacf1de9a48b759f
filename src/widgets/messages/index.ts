import { ForwardButton } from './ForwardButton.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** Messages between colleagues: 转发 of a mark, case, letter or proposal. */
export const messageWidgets = {
  ForwardButton,
} satisfies SchemaComponents;

/** The one 转发 button, for the pages of other domains. */
export { ForwardButton };
