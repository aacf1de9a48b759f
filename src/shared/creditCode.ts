/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters of a 31-character set (no I, O, S, V, Z); the
 * last is a check character over the first 17.
 */
export const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** The check character of a code's first 17 characters; null when one of them is not in the set. */
export function creditCodeCheckCharacter(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARSET.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  const check = 31 - (sum % 31);
  return CREDIT_CODE_CHARSET[check === 31 ? 0 : check]!;
}

/** Why a code is not a valid 统一社会信用代码, in the words the form shows; null when it is. */
export function creditCodeProblem(code: string): string | null {
  if (!CREDIT_CODE_PATTERN.test(code)) return '统一社会信用代码应为 18 位数字或大写字母（不含 I、O、S、V、Z）';
  return creditCodeCheckCharacter(code.slice(0, 17)) === code[17] ? null : '统一社会信用代码校验位不正确';
}
