import { describe, expect, it } from 'vitest';
import { unstorableTextAt } from '../../src/server/http/textCharacters.js';

describe('text a database can store', () => {
  it('finds a NUL or an unpaired surrogate in a value or a key, and names where', () => {
    expect(unstorableTextAt({ tmName: 'a\u0000b' })).toBe('tmName');
    expect(unstorableTextAt({ id: 2, name: 'a\ud800b' })).toBe('name');
    expect(unstorableTextAt({ goodsItems: [{ name: '甲' }, { name: 'x\udc00' }] })).toBe('goodsItems[1].name');
    expect(unstorableTextAt({ schema: { ['键\ud800']: 1 } })).toBe('schema.键\ud800');
    expect(unstorableTextAt('\u0000')).toBe('请求体');
  });

  it('lets every storable text through, paired surrogates (emoji) and control characters included', () => {
    expect(unstorableTextAt({ name: '商标😀', remark: 'tab\tnew\nline', n: 3, ok: true, none: null, list: ['甲', '乙'] })).toBeNull();
  });
});
