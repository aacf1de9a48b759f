/** Why a new password is refused, or null when it is acceptable. */
export function passwordWeakness(password: string): string | null {
  if (password.length < 8) return '新密码至少 8 位';
  if (password.length > 64) return '新密码不能超过 64 位';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '新密码须同时包含字母和数字';
  return null;
}
