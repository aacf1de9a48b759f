import { describe, expect, it } from 'vitest';
import type { CountryEntry } from '../../src/generated/types.js';
import {
  chosenUnions,
  concernsUnion,
  countryNames,
  memberTipText,
  readNoticePreference,
  writeNoticePreference,
} from '../../src/widgets/countries/countryNotice.js';
import { countryTreeProblem } from '../../src/server/countries/countryTreeRules.js';

const entry = (code: string, name: string, members: string[] = []): CountryEntry => ({
  code,
  name,
  nameEn: code,
  region: members.length > 0 || code === 'WO',
  members,
});
const countries = [
  entry('EM', '欧盟', ['DE', 'FR', 'BE']),
  entry('BX', '比荷卢', ['BE', 'NL', 'LU']),
  entry('WO', '马德里'),
  entry('DE', '德国'),
  entry('FR', '法国'),
  entry('BE', '比利时'),
  entry('US', '美国'),
];

describe('country notices', () => {
  it('the notice concerns the unions and their member countries, not Madrid or others', () => {
    expect(concernsUnion(['EM'], countries)).toBe(true);
    expect(concernsUnion(['US', 'DE'], countries)).toBe(true);
    expect(concernsUnion(['US', 'WO'], countries)).toBe(false);
  });
  it('reads the saved “下次不再提醒” and treats anything else as remind', () => {
    expect(readNoticePreference(writeNoticePreference({ noRemind: true }))).toEqual({ noRemind: true });
    expect(readNoticePreference(null)).toEqual({ noRemind: false });
    expect(readNoticePreference('not json')).toEqual({ noRemind: false });
    expect(readNoticePreference('{"noRemind":"yes"}')).toEqual({ noRemind: false });
  });
  it('lists the chosen unions and names their members', () => {
    expect(chosenUnions(['US', 'BX', 'WO', 'EM'], countries).map((c) => c.code)).toEqual(['BX', 'EM']);
    expect(countryNames(['DE', 'ZZ'], countries)).toEqual(['德国', 'ZZ']);
    expect(memberTipText(countries[0], countries)).toBe('选择欧盟，一件注册即在以下 3 个成员国统一有效，不能按国家分割：德国、法国、比利时。');
  });
});

describe('country tree rules', () => {
  const known = (code: string) => ['DE', 'FR', 'EM'].includes(code);
  it('accepts a tidy tree and names the first problem of a bad one', () => {
    expect(countryTreeProblem([{ code: 'europe', name: '欧洲', subList: [{ code: 'DE', name: '德国', subList: [] }] }], known)).toBeNull();
    expect(countryTreeProblem([{ code: 'g', name: '组', subList: [{ code: 'g', name: '组', subList: [] }] }], known)).toBe('分组“组”（g）不能包含它自己');
    expect(countryTreeProblem([{ code: 'QQ', name: '未知', subList: [] }], known)).toBe('未知的国家或地区代码：QQ');
  });
});
