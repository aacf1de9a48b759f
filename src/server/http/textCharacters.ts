/** A NUL, which PostgreSQL text cannot hold, or a surrogate without its pair, which UTF-8 cannot encode. */
// eslint-disable-next-line no-control-regex -- the NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Where such a character is: the path of the text, or of the object one of whose keys holds it. */
export interface UnstorableText {
  path: (string | number)[];
  inKey: boolean;
}

/**
 * Where in a request body a text (a value or a key) holds a character no database column can
 * store; null when every text can be stored.
 */
export function unstorableTextAt(value: unknown, path: (string | number)[] = []): UnstorableText | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? { path, inKey: false } : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextAt(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return { path, inKey: true };
      const found = unstorableTextAt(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** The refusal's wording, naming the field (`where`, empty for the body itself). */
export const unstorableTextMessage = (where: string, inKey: boolean) =>
  `请求参数有误：${where || '请求体'}${inKey ? '中的字段名' : ''}含有无法保存的字符（空字符或不成对的代理字符）`;
