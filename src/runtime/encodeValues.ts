/** How a form value is encoded before it is sent, named in the schema (`encode`). */
export type ValueEncoding = 'base64';

function base64OfUtf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function encodeValues(values: Record<string, unknown>, encode: Record<string, ValueEncoding> = {}): Record<string, unknown> {
  const out = { ...values };
  for (const [field, encoding] of Object.entries(encode)) {
    if (encoding === 'base64' && typeof out[field] === 'string') out[field] = base64OfUtf8(out[field] as string);
  }
  return out;
}
