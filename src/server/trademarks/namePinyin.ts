import { pinyin } from 'pinyin-pro';

/**
 * The searchable sound of a mark's name: toneless pinyin syllables joined without spaces, with
 * Latin letters and digits kept, all lower case ("星辰 Star" → "xingchenstar"). Names that sound
 * alike then share trigrams even when written with different characters.
 */
export function namePinyin(name: string): string {
  if (!name) return '';
  const syllables = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  return syllables
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
