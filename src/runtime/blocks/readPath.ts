/** The value at a dotted path of a reply (`list`, `data.items`); the reply itself for an empty path. */
export function readPath(source: unknown, path: string | undefined): unknown {
  if (!path) return source;
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), source);
}

/** `{name}` placeholders filled from a record; missing values become empty, a list its items joined by “、”. */
export function fillTemplate(template: string, record: unknown): string {
  return template.replace(/\{(\w+(?:\.\w+)*)\}/g, (_, path: string) => {
    const value = readPath(record, path);
    if (Array.isArray(value)) return value.join('、');
    return value === undefined || value === null ? '' : String(value);
  });
}

/** A site path with `{name}` placeholders filled from a record, each value encoded for the address. */
export function fillPathTemplate(template: string, record: unknown): string {
  return template.replace(/\{(\w+(?:\.\w+)*)\}/g, (_, path: string) => {
    const value = readPath(record, path);
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
}
