/** Separators people use between application numbers: commas, 、, semicolons, whitespace and line breaks. */
const SEPARATORS = /[\s,，、;；]+/u;

/** The distinct application numbers of a pasted list, in the order first given. */
export function parseAppNos(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(SEPARATORS)) {
    const appNo = part.trim().toUpperCase();
    if (appNo) seen.add(appNo);
  }
  return [...seen];
}

/** What an application number looks like: digits, optionally after a two-letter country prefix. */
export const APP_NO_SHAPE = /^(?:[A-Z]{2})?[0-9A-Z.\-/]{1,28}$/;
