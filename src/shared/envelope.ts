/** Every reply: `{code, message, data, subCode?, subMessage?}`. */
export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
  subCode?: number;
  subMessage?: string;
}

export const SUCCESS_CODE = 200;
export const SUCCESS_MESSAGE = 'success';
/** A subCode the client treats as success (spec 000 §8). */
export const SUCCESS_NOTICE_SUB_CODE = 10002;

export const SubCode = {
  validation: 40001,
  badJson: 40002,
  unauthenticated: 40100,
  wrongCredentials: 40101,
  forbidden: 40300,
  accountLocked: 42300,
  notFound: 40400,
  conflict: 40900,
  tooLarge: 41300,
  unsupportedMedia: 41500,
  internal: 50000,
  /** The object store (S3) could not be reached: nothing was stored. */
  storeUnavailable: 50300,
} as const;

/**
 * The session-expiry texts of spec 000 §8. A reply carrying one of them as subMessage makes the
 * client log out after 100 ms; the server sends exactly these strings.
 */
export const SessionExpiry = {
  expired: '登录已过期，请重新登录',
  tokenEmpty: 'token为空',
  userLocked: '用户已被锁定',
  userMissing: '用户不存在',
  outsideValidity: '账号已锁定或不在有效期内',
  noToken: '无token，请登录',
} as const;

export const SESSION_EXPIRY_MESSAGES: readonly string[] = Object.values(SessionExpiry);

export function isSessionExpiry(subMessage: string | undefined): boolean {
  return subMessage !== undefined && SESSION_EXPIRY_MESSAGES.includes(subMessage);
}
