import { describe, expect, it } from 'vitest';
import { createForm } from '@formily/core';
import { clearFragmentSoon, keepFragment } from '../../src/runtime/blocks/table/fragmentCleanup.js';

/** A form holding the fields of row fragments, as RowFragment makes them: a void node with a field under it. */
function formWithFragments(nodes = ['name_1', 'name_2', 'name_12']) {
  const form = createForm({ readPretty: true });
  for (const node of nodes) {
    form.createVoidField({ name: node });
    form.createField({ name: 'text', basePath: node });
  }
  return form;
}

const addresses = (form: ReturnType<typeof createForm>) => Object.keys(form.fields).sort();

describe('clearing the fields of row fragments that left the page', () => {
  it('destroys the nodes asked for and everything under them, together, once the turn is over', async () => {
    const form = formWithFragments();
    clearFragmentSoon(form, 'name_1');
    clearFragmentSoon(form, 'name_2');
    expect(addresses(form)).toHaveLength(6);
    await Promise.resolve();
    // name_12 shares a prefix with name_1 but is another node.
    expect(addresses(form)).toEqual(['name_12', 'name_12.text']);
  });

  it('keeps a node mounted again before the clearing', async () => {
    const form = formWithFragments();
    clearFragmentSoon(form, 'name_1');
    clearFragmentSoon(form, 'name_2');
    keepFragment(form, 'name_2');
    await Promise.resolve();
    expect(addresses(form)).toEqual(['name_12', 'name_12.text', 'name_2', 'name_2.text']);
  });

  it('takes the values of the fields it destroys out of the form', async () => {
    const form = formWithFragments(['name_1']);
    form.query('name_1.text').take()?.setState({ value: '甲' });
    expect(JSON.stringify(form.values)).toContain('甲');
    clearFragmentSoon(form, 'name_1');
    await Promise.resolve();
    expect(JSON.stringify(form.values)).not.toContain('甲');
  });
});
