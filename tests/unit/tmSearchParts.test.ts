import { describe, expect, it } from 'vitest';
import { parseAppNos, APP_NO_SHAPE } from '../../src/server/trademarks/appNoList.js';
import { matchReasons } from '../../src/server/trademarks/similarNames.js';
import { prefixUpperBound, shouldConditions } from '../../src/server/trademarks/registerQuery.js';
import { ApiError } from '../../src/server/http/apiError.js';

describe('application number lists', () => {
  it('splits on the separators people paste, drops repeats and keeps the order', () => {
    expect(parseAppNos('123，456\n789、us100; 123\t456 ；abc')).toEqual(['123', '456', '789', 'US100', 'ABC']);
    expect(parseAppNos(' \n ,，')).toEqual([]);
  });
  it('knows what a number looks like', () => {
    expect(APP_NO_SHAPE.test('30000001')).toBe(true);
    expect(APP_NO_SHAPE.test('US1000008')).toBe(true);
    expect(APP_NO_SHAPE.test('星辰')).toBe(false);
  });
});

describe('search conditions', () => {
  it('reads shouldFields as an object or a list, searchType 0 when not given', () => {
    expect(shouldConditions({ tm_name: { value: ' 星辰 ' }, app_no: { value: '300', searchType: 2 } })).toEqual([
      { field: 'tm_name', value: '星辰', searchType: 0 },
      { field: 'app_no', value: '300', searchType: 2 },
    ]);
    expect(shouldConditions([{ field: 'reg_no', value: '1', searchType: 1 }])).toEqual([{ field: 'reg_no', value: '1', searchType: 1 }]);
    expect(shouldConditions(undefined)).toEqual([]);
  });
  it('refuses sound-alike search on numbers and empty values, in Chinese', () => {
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return (err as ApiError).subMessage;
      }
      return null;
    };
    expect(refusal(() => shouldConditions({ reg_no: { value: '1', searchType: 3 } }))).toBe('注册号不支持音近检索（searchType 3 仅用于商标名称）');
    expect(refusal(() => shouldConditions({ tm_name: { value: '  ' } }))).toBe('商标名称的检索值不能为空');
    expect(refusal(() => shouldConditions({ tm_name: { value: '！！', searchType: 3 } }))).toBe('音近检索需要含汉字、字母或数字的商标名称');
  });
  it('bounds a number prefix from above', () => {
    expect(prefixUpperBound('3000')).toBe('3001');
    expect(prefixUpperBound('39')).toBe('3:');
    expect('39999' < prefixUpperBound('39') && '4' >= prefixUpperBound('39')).toBe(true);
  });
});

describe('why a similar name matched', () => {
  const row = (tm_name: string, pinyin: string, name_similarity: number, pinyin_similarity: number) => ({
    tm_name,
    pinyin,
    name_similarity,
    pinyin_similarity,
  });
  it('names the same name, the same or a near sound, shared characters and containment', () => {
    expect(matchReasons('星辰', row('星辰', 'xingchen', 1, 1))).toEqual(['名称相同']);
    expect(matchReasons('星辰', row('醒辰', 'xingchen', 0.2, 1))).toEqual(['读音相同']);
    expect(matchReasons('星辰', row('星城', 'xingcheng', 0.2, 0.73))).toEqual(['读音相近']);
    expect(matchReasons('星辰', row('星辰日化', 'xingchenrihua', 0.33, 0.5))).toEqual(['包含检索词']);
    expect(matchReasons('星辰湾', row('星辰', 'xingchen', 0.67, 0.6))).toEqual(['字形相近']);
  });
});
