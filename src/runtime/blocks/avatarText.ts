/** What an avatar without a picture shows: the last two characters of the name (spec 001 §2). */
export function avatarInitials(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').replace(/\s+/g, ''));
  return chars.slice(-2).join('');
}

const AVATAR_COLORS = ['#ff7200', '#1677ff', '#13a8a8', '#52c41a', '#722ed1', '#eb2f96', '#fa8c16', '#2f54eb'];

/** A colour that stays the same for the same name, so a person is recognisable across pages. */
export function avatarColor(name: string | null | undefined): string {
  let hash = 0;
  for (const ch of name ?? '') hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length];
}
