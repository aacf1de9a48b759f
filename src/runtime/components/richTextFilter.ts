import { OWN_FILE_URL, RICH_TEXT_ATTRIBUTES, RICH_TEXT_CLASS, RICH_TEXT_TAGS, filterStyle, isSafeLink } from '../../shared/richTextPolicy.js';

const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
/** Elements whose content goes with them; other unknown elements give way to their content. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'head',
]);

function cleanElement(el: Element): void {
  const tag = el.tagName.toLowerCase();
  const allowed = RICH_TEXT_ATTRIBUTES[tag] ?? [];
  for (const { name, value } of Array.from(el.attributes)) {
    if (name === 'class') {
      const kept = value.split(/\s+/).filter((c) => RICH_TEXT_CLASS.test(c));
      if (kept.length > 0) el.setAttribute('class', kept.join(' '));
      else el.removeAttribute('class');
    } else if (!allowed.includes(name)) {
      el.removeAttribute(name);
    } else if (name === 'style') {
      const kept = filterStyle(value);
      if (kept) el.setAttribute('style', kept);
      else el.removeAttribute('style');
    } else if (name === 'href' && !isSafeLink(value)) {
      el.removeAttribute('href');
    }
  }
  if (tag === 'a' && el.hasAttribute('href')) {
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', 'noopener noreferrer');
  }
}

function cleanChildren(parent: Node): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      node.remove();
      continue;
    }
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag) || (tag === 'img' && !OWN_FILE_URL.test(el.getAttribute('src') ?? ''))) {
      el.remove();
      continue;
    }
    cleanChildren(el);
    if (ALLOWED.has(tag)) cleanElement(el);
    else el.replaceWith(...Array.from(el.childNodes));
  }
}

/**
 * The page's own pass over rich text before it is rendered: the server has sanitised it already,
 * this keeps to the same allow-list in case anything else reached the page. It parses into an
 * inert document, where nothing runs and no image loads.
 */
export function filterRichText(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
