/**
 * What rich text may contain: exactly the formats the editor's toolbar produces (spec 000 §9).
 * The server sanitises by this policy before a handler sees the text; the page filters by it
 * again before rendering, so the two cannot drift apart.
 */

/** The media type that marks a request string as rich text: `"contentMediaType": "text/html"`. */
export const RICH_TEXT_MEDIA_TYPE = 'text/html';

export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ol', 'ul', 'li', 'a', 'img'] as const;

/** Attributes each tag may keep (besides `class`, filtered by RICH_TEXT_CLASS). */
export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  span: ['style'],
  p: ['style'],
  li: ['style', 'data-list'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt'],
};

/** Quill's class formats: alignment, direction, indent, size and font. */
export const RICH_TEXT_CLASS = /^ql-(align-(center|right|justify)|direction-rtl|indent-[1-8]|size-(small|large|huge)|font-(serif|monospace))$/;

/** Quill writes colour and background as inline styles: only those two, only as colour values. */
const COLOR_VALUE = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;
export const RICH_TEXT_STYLES: Record<string, RegExp> = {
  color: COLOR_VALUE,
  'background-color': COLOR_VALUE,
};

/** Images come only from our own file download, as `file.upload` answers them. */
export const OWN_FILE_URL = /^\/api\/file\/download\?path=[0-9]+(%2F|\/)[0-9]{6}(%2F|\/)[0-9a-f]{64}\.[a-z0-9]{1,5}$/i;

/** Links may point to web pages and mail addresses only. */
export function isSafeLink(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim());
}

/** Filters one inline style attribute down to the allowed properties; '' when nothing is left. */
export function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const at = declaration.indexOf(':');
    if (at < 0) continue;
    const property = declaration.slice(0, at).trim().toLowerCase();
    const value = declaration.slice(at + 1).trim();
    const allowed = RICH_TEXT_STYLES[property];
    if (allowed && allowed.test(value)) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

/** True when the HTML has neither visible text nor an image (e.g. the editor's empty `<p><br></p>`). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text.length === 0;
}
