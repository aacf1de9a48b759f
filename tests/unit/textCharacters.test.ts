import { describe, expect, it } from 'vitest';
import { unstorableTextAt } from '../../src/server/http/textCharacters.js';

describe('text a database can store', () => {
  it('finds a NUL or an unpaired surrogate in a value or a key, and names where', () => {
    expect(unstorableTextAt({ tmName: 'a\u0000b' })).toEqual({ path: ['tmName'], inKey: false });
    expect(unstorableTextAt({ id: 2, name: 'a\ud800b' })).toEqual({ path: ['name'], inKey: false });
    expect(unstorableTextAt({ goodsItems: [{ name: '甲' }, { name: 'x\udc00' }] })).toEqual({ path: ['goodsItems', 1, 'name'], inKey: false });
    expect(unstorableTextAt({ schema: { ['键\ud800']: 1 } })).toEqual({ path: ['schema'], inKey: true });
    expect(unstorableTextAt('\u0000')).toEqual({ path: [], inKey: false });
  });

  it('lets every storable text through, paired surrogates (emoji) and control characters included', () => {
    expect(unstorableTextAt({ name: '商标😀', remark: 'tab\tnew\nline', n: 3, ok: true, none: null, list: ['甲', '乙'] })).toBeNull();
  });
});
