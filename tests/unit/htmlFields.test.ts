import { describe, expect, it } from 'vitest';
import { cleanHtmlFields, htmlFieldPaths } from '../../src/server/http/htmlFields.js';
import type { JsonSchema } from '../../src/shared/operation.js';

const html = { type: 'string', contentMediaType: 'text/html' };
const shared: Record<string, JsonSchema> = {
  'https://schemas.ipm.local/entities/note.json': {
    type: 'object',
    properties: { body: html, title: { type: 'string' }, replies: { type: 'array', items: { $ref: 'https://schemas.ipm.local/entities/note.json' } } },
  },
};

describe('rich-text fields of a request schema', () => {
  it('finds annotated strings through properties, items, combinators and refs', () => {
    const schema = {
      type: 'object',
      properties: {
        content: html,
        plain: { type: 'string' },
        notes: { type: 'array', items: { $ref: 'https://schemas.ipm.local/entities/note.json' } },
        either: { anyOf: [{ type: 'null' }, { type: ['string', 'null'], contentMediaType: 'text/html' }] },
      },
    };
    expect(htmlFieldPaths(schema, (ref) => shared[ref])).toEqual([['content'], ['notes', '*', 'body'], ['either']]);
  });

  it('ignores other media types and non-strings', () => {
    expect(
      htmlFieldPaths(
        { type: 'object', properties: { a: { type: 'string', contentMediaType: 'text/plain' }, b: { type: 'object', contentMediaType: 'text/html' } } },
        () => undefined,
      ),
    ).toEqual([]);
  });

  it('cleans exactly the strings at those paths', () => {
    const body = { content: '<b>x</b>', plain: '<b>y</b>', notes: [{ body: '<i>1</i>', title: '<i>t</i>' }, { body: 2 }] };
    cleanHtmlFields(body, [['content'], ['notes', '*', 'body'], ['missing', 'deep']], (s) => s.replace(/<[^>]*>/g, ''));
    expect(body).toEqual({ content: 'x', plain: '<b>y</b>', notes: [{ body: '1', title: '<i>t</i>' }, { body: 2 }] });
  });
});
