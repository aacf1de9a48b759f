/** A NUL, which PostgreSQL text cannot hold, or a surrogate without its pair, which UTF-8 cannot encode. */
// eslint-disable-next-line no-control-regex -- the NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where in a request body a text (a value or a key) holds a character no database column can
 * store, as a path such as `goodsItems[2].name`; null when every text can be stored.
 */
export function unstorableTextAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || '请求体' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextAt(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (UNSTORABLE.test(key)) return at;
      const found = unstorableTextAt(inner, at);
      if (found) return found;
    }
  }
  return null;
}

/** The refusal's wording, naming where the character is. */
export const unstorableTextMessage = (at: string) => `请求参数有误：${at} 含有无法保存的字符（空字符或不成对的代理字符）`;
