import { describe, expect, it } from 'vitest';
import { creditCodeCheckCharacter, creditCodeProblem } from '../../src/shared/creditCode.js';

describe('统一社会信用代码 check character (GB 32100-2015)', () => {
  it('accepts codes whose last character is the check character', () => {
    // Codes of the shape printed on business licences, each with its correct check character.
    for (const code of ['91350100M000100Y43', '91110000600037341L', '9144030071526726XG', '91330106MA2H00000B', '12100000400000304A', '000000000000000000']) {
      expect(creditCodeProblem(code), code).toBeNull();
    }
  });

  it('refuses a code with a wrong check character, in Chinese', () => {
    expect(creditCodeProblem('91350100M000100Y44')).toBe('统一社会信用代码校验位不正确');
    expect(creditCodeProblem('91330106MA2H000001')).toBe('统一社会信用代码校验位不正确');
    // One character of the body changed: the check no longer fits.
    expect(creditCodeProblem('91350100M000200Y43')).toBe('统一社会信用代码校验位不正确');
  });

  it('refuses the wrong length and characters outside the set (I, O, S, V, Z, lower case)', () => {
    const shape = '统一社会信用代码应为 18 位数字或大写字母（不含 I、O、S、V、Z）';
    for (const code of ['91350100M000100Y4', '91350100M000100Y433', '91350100M000100YO3', '91350100m000100y43', ''])
      expect(creditCodeProblem(code), code).toBe(shape);
  });

  it('maps a remainder of 0 to the character 0 and covers letters as check characters', () => {
    expect(creditCodeCheckCharacter('00000000000000000')).toBe('0');
    expect(creditCodeCheckCharacter('91110000600037341')).toBe('L');
    expect(creditCodeCheckCharacter('9144030071526726X')).toBe('G');
    expect(creditCodeCheckCharacter('9135010OM000100Y4')).toBeNull();
    expect(creditCodeCheckCharacter('123')).toBeNull();
  });
});
