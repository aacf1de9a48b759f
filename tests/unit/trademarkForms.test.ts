import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormDefinition, FormilyNode } from '../../src/generated/types.js';
import { FIELD_TITLES } from '../../src/generated/fieldTitles.js';
import { DATE_FIELDS, TEXT_FIELDS } from '../../src/widgets/trademarks/trademarkEditForm.js';

const formFile = (name: string) => JSON.parse(readFileSync(new URL(`../../schemas/forms/${name}.json`, import.meta.url), 'utf8')) as FormDefinition;

/** Every data field of a form schema with its title; layout (void) nodes are looked through. */
function dataFields(node: FormilyNode): [string, string | undefined][] {
  return Object.entries(node.properties ?? {}).flatMap(([name, child]) =>
    child.type === 'void' ? dataFields(child) : [[name, child.title] as [string, string | undefined]],
  );
}

const TRADEMARK: Record<string, string> = FIELD_TITLES.Trademark;
/** Goods are edited as text; their titles are those of the record's goods. */
const RECORD_FIELD_OF: Record<string, string> = { goodsText: 'goodsItems', goodsTextEn: 'goodsItemsEn' };

describe('the built-in trademark forms', () => {
  it('title the edit form’s fields as the trademark record does', () => {
    const fields = dataFields(formFile('trademark-edit').schema);
    for (const [name, title] of fields) {
      const recordField = RECORD_FIELD_OF[name] ?? name;
      if (recordField in TRADEMARK) expect(title, name).toBe(TRADEMARK[recordField]);
    }
  });

  it('hold only fields the edit dialog sends, so none is silently dropped', () => {
    const sent = new Set<string>([...TEXT_FIELDS, ...DATE_FIELDS, 'tmCl', 'countryCode', 'goodsText', 'goodsTextEn', 'logo']);
    const names = dataFields(formFile('trademark-edit').schema).map(([name]) => name);
    expect(names.filter((name) => !sent.has(name))).toEqual([]);
    // And every field the dialog can send is on the built-in form.
    expect([...sent].filter((name) => !names.includes(name))).toEqual([]);
  });

  it('title the detail’s fields as the trademark record does, but for the current status', () => {
    for (const [name, title] of dataFields(formFile('trademark-detail').schema)) {
      if (name === 'tmStatus') expect(title).toBe('当前状态');
      else if (name in TRADEMARK) expect(title, name).toBe(TRADEMARK[name]);
    }
  });
});
