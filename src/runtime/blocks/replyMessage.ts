import type { DialogFormButtonProps } from '../../generated/types.js';
import { fillTemplate, readPath } from './readPath.js';

export type ReplyMessageSpec = NonNullable<DialogFormButtonProps['replyMessage']>;

/** A count in a reply: a number, a list's length, or 0 for anything else. */
function countAt(reply: unknown, path: string): number {
  const value = readPath(reply, path);
  if (Array.isArray(value)) return value.length;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/**
 * What an operation's reply says happened, as the notice that follows a submitted form: each part
 * whose count is above 0 (or that is always shown), joined by “；”. It is a success only when
 * the `successCount` is above 0, so “nothing was done” never shows a success tick.
 */
export function replyMessage(spec: ReplyMessageSpec, reply: unknown): { type: 'success' | 'warning'; text: string } | null {
  const parts = spec.parts.flatMap((part) => {
    const count = countAt(reply, part.count);
    if (count <= 0 && !part.always) return [];
    const source = reply !== null && typeof reply === 'object' ? { ...reply, count } : { count };
    return [fillTemplate(part.text, source)];
  });
  if (parts.length === 0) return null;
  const succeeded = spec.successCount === undefined || countAt(reply, spec.successCount) > 0;
  return { type: succeeded ? 'success' : 'warning', text: parts.join('；') };
}
