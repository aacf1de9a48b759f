import sanitizeHtml from 'sanitize-html';
import { OWN_FILE_URL, RICH_TEXT_ATTRIBUTES, RICH_TEXT_CLASS, RICH_TEXT_STYLES, RICH_TEXT_TAGS, isSafeLink } from '../../shared/richTextPolicy.js';

const allowedAttributes: Record<string, string[]> = { '*': ['class'] };
for (const [tag, attributes] of Object.entries(RICH_TEXT_ATTRIBUTES)) allowedAttributes[tag] = [...attributes];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes,
  allowedClasses: { '*': [RICH_TEXT_CLASS] },
  allowedStyles: { '*': Object.fromEntries(Object.entries(RICH_TEXT_STYLES).map(([property, value]) => [property, [value]])) },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Script and style bodies vanish with their tags; other unknown tags keep their text.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href;
      if (!href || !isSafeLink(href)) return { tagName, attribs: {} };
      return { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer' } };
    },
    li: (tagName, attribs) => {
      const { 'data-list': list, ...rest } = attribs;
      return { tagName, attribs: list === 'bullet' || list === 'ordered' ? { ...rest, 'data-list': list } : rest };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !OWN_FILE_URL.test(frame.attribs.src ?? '');
    // A link whose address was refused stays as plain text.
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
};

/** Rich text reduced to what the editor produces: no scripts, handlers, foreign images or unsafe links. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
