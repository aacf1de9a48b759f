import { describe, expect, it } from 'vitest';
import { edit, editBody, isDirty, markSaved, openDocument, redo, undo } from '../../src/designer/designerDocument.js';

describe('the document both designer views share', () => {
  it('keeps a source edit that does not parse, without losing the last good body', () => {
    const doc = edit(openDocument({ title: '甲' }), '{ "title": "乙"');
    expect(doc.body).toBeNull();
    expect(doc.parseError).toMatch(/^不是合法的 JSON：/);
    expect(doc.text).toBe('{ "title": "乙"');
    expect(edit(doc, '[1]').parseError).toBe('描述应是一个 JSON 对象');
  });

  it('undoes and redoes visual and source edits alike, and knows unsaved edits', () => {
    const opened = openDocument({ title: '甲' });
    const visual = editBody(opened, { title: '乙' });
    const source = edit(visual, '{"title":"丙"}');
    expect(isDirty(source)).toBe(true);
    expect(undo(source).body).toEqual({ title: '乙' });
    expect(undo(undo(source)).body).toEqual({ title: '甲' });
    expect(isDirty(undo(undo(source)))).toBe(false);
    expect(redo(undo(undo(source))).body).toEqual({ title: '乙' });
    expect(edit(undo(source), '{"title":"丁"}').future).toEqual([]);
    expect(isDirty(markSaved(source))).toBe(false);
  });

  it('makes one undo step of many edits to one property', () => {
    const opened = openDocument({ title: '' });
    const typed = ['甲', '甲乙', '甲乙丙'].reduce((doc, title) => editBody(doc, { title }, 'node:title'), opened);
    expect(typed.past).toHaveLength(1);
    expect(undo(typed).body).toEqual({ title: '' });
    expect(editBody(typed, { title: 'x' }, 'node:other').past).toHaveLength(2);
  });
});
