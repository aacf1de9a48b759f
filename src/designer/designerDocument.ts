/**
 * The schema being edited, one text shared by the visual and the source view so that switching
 * never loses an edit: visual edits write the text, source edits are read back when they parse.
 * Undo and redo walk through earlier texts.
 */
export interface DesignerDocument {
  text: string;
  /** The text parsed, or null while the source does not parse. */
  body: Record<string, unknown> | null;
  parseError: string | null;
  past: string[];
  future: string[];
  /** The text last saved or loaded, to tell whether there are unsaved edits. */
  savedText: string;
  /** Edits carrying the same key (typing in one property) make one undo step. */
  coalesceKey?: string;
}

const HISTORY_LIMIT = 200;

export const stringify = (body: unknown) => `${JSON.stringify(body, null, 2)}\n`;

function parse(text: string): { body: Record<string, unknown> | null; parseError: string | null } {
  try {
    const body = JSON.parse(text) as unknown;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return { body: null, parseError: '描述应是一个 JSON 对象' };
    return { body: body as Record<string, unknown>, parseError: null };
  } catch (err) {
    return { body: null, parseError: `不是合法的 JSON：${(err as Error).message}` };
  }
}

export function openDocument(body: unknown): DesignerDocument {
  const text = stringify(body);
  return { text, ...parse(text), past: [], future: [], savedText: text };
}

/** A new text, from either view; the previous text becomes undoable. */
export function edit(doc: DesignerDocument, text: string, coalesceKey?: string): DesignerDocument {
  if (text === doc.text) return doc;
  const sameStep = coalesceKey !== undefined && coalesceKey === doc.coalesceKey && doc.past.length > 0;
  const past = sameStep ? doc.past : [...doc.past, doc.text].slice(-HISTORY_LIMIT);
  return { ...doc, text, ...parse(text), past, future: [], coalesceKey };
}

export function editBody(doc: DesignerDocument, body: unknown, coalesceKey?: string): DesignerDocument {
  return edit(doc, stringify(body), coalesceKey);
}

export function undo(doc: DesignerDocument): DesignerDocument {
  const previous = doc.past[doc.past.length - 1];
  if (previous === undefined) return doc;
  return { ...doc, text: previous, ...parse(previous), past: doc.past.slice(0, -1), future: [doc.text, ...doc.future], coalesceKey: undefined };
}

export function redo(doc: DesignerDocument): DesignerDocument {
  const [next, ...rest] = doc.future;
  if (next === undefined) return doc;
  return { ...doc, text: next, ...parse(next), past: [...doc.past, doc.text], future: rest, coalesceKey: undefined };
}

export function markSaved(doc: DesignerDocument): DesignerDocument {
  return { ...doc, savedText: doc.text };
}

export const isDirty = (doc: DesignerDocument) => doc.text !== doc.savedText;
