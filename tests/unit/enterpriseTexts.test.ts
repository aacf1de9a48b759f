import { describe, expect, it } from 'vitest';
import { applicantEnglishText, formerNamesText, readApplicantEnglish, readFormerNames } from '../../src/shared/enterpriseTexts.js';

describe('the enterprise payload’s JSON texts (spec 000 §3)', () => {
  it('reads English information as a name and an address', () => {
    expect(readApplicantEnglish('{"name":" Qinghe Foods ","address":"90 Wensan Rd"}')).toEqual({
      value: { name: 'Qinghe Foods', address: '90 Wensan Rd' },
      problem: null,
    });
    expect(readApplicantEnglish('{"name":"Qinghe"}').value).toEqual({ name: 'Qinghe', address: '' });
    expect(readApplicantEnglish('').value).toEqual({ name: '', address: '' });
    expect(applicantEnglishText({ name: ' Qinghe ', address: '' })).toBe('{"name":"Qinghe","address":""}');
    expect(applicantEnglishText({ name: ' ', address: '' })).toBeNull();
  });

  it('refuses English information of another shape, naming what is wrong', () => {
    expect(readApplicantEnglish('Qinghe').problem).toBe('英文信息不是合法的 JSON');
    expect(readApplicantEnglish('["Qinghe"]').problem).toBe('英文信息应为含英文名称 name 与英文地址 address 的 JSON 对象');
    expect(readApplicantEnglish('{"name":"a","city":"b"}').problem).toBe('英文信息中不能有 city：只有英文名称 name 与英文地址 address');
    expect(readApplicantEnglish('{"name":1}').problem).toBe('英文信息的英文名称应为文字');
    expect(readApplicantEnglish(JSON.stringify({ address: 'x'.repeat(501) })).problem).toBe('英文信息的英文地址不能超过 500 个字符');
  });

  it('reads former names as a list of distinct names', () => {
    expect(readFormerNames('[" 杭州青禾食品厂 ","青禾食品"]')).toEqual({ value: ['杭州青禾食品厂', '青禾食品'], problem: null });
    expect(readFormerNames(' ').value).toEqual([]);
    expect(formerNamesText(['甲', ' ', '乙 '])).toBe('["甲","乙"]');
    expect(formerNamesText([])).toBeNull();
  });

  it('refuses former names of another shape, naming the item', () => {
    expect(readFormerNames('青禾').problem).toBe('曾用名不是合法的 JSON');
    expect(readFormerNames('{"name":"青禾"}').problem).toBe('曾用名应为名称的 JSON 列表，如 ["旧名甲", "旧名乙"]');
    expect(readFormerNames('["甲", 2]').problem).toBe('曾用名第 2 项应为文字');
    expect(readFormerNames('["甲", " "]').problem).toBe('曾用名第 2 项不能为空');
    expect(readFormerNames('["甲", "甲"]').problem).toBe('曾用名第 2 项与前面的重复：甲');
    expect(readFormerNames(JSON.stringify(Array.from({ length: 21 }, (_, i) => `名${i}`))).problem).toBe('曾用名最多 20 个');
  });
});
