/** The value when it is a path on this site (`/…`, not `//host` or `/\host`), otherwise null. */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
