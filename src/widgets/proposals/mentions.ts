import type { PersonOption } from '../../generated/types.js';

/** The colleagues a comment names with @: each known name written after an @, once; a longer name wins over a name it contains. */
export function mentionedIds(content: string, people: Iterable<PersonOption>): number[] {
  const known = [...people].sort((a, b) => b.name.length - a.name.length);
  let rest = content;
  const ids: number[] = [];
  for (const p of known) {
    const tag = `@${p.name}`;
    if (!p.name || !rest.includes(tag)) continue;
    ids.push(p.id);
    rest = rest.split(tag).join(' ');
  }
  return [...new Set(ids)];
}
