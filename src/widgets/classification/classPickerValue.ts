/**
 * The class picker's value (spec 001 §4): one list per directory level, and only one level
 * filled at a time. Level 0 yields class numbers as plain numeric text ("9"), level 1 similar
 * group numbers ("0901"), level 2 goods and services names.
 */
export interface ClassPickerValue {
  categories: string[];
  groups: string[];
  goods: string[];
}

export type ClassLevel = 0 | 1 | 2;

/** What the picker needs of a node to choose it. */
export interface ClassNodeRef {
  dirLevel: number;
  cgNum: string;
  cgName: string;
}

export const LEVEL_KEYS = ['categories', 'groups', 'goods'] as const satisfies readonly (keyof ClassPickerValue)[];
export const LEVEL_NAMES = ['大类', '类似群', '商品/服务项'] as const;

export const emptyClassValue = (): ClassPickerValue => ({ categories: [], groups: [], goods: [] });

const texts = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String) : [];

/** Any stored or partial value as a full one; class numbers lose leading zeros ("09" → "9"). */
export function normaliseClassValue(value: unknown): ClassPickerValue {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof ClassPickerValue, unknown>>;
  return { categories: texts(v.categories).map((n) => String(Number(n))), groups: texts(v.groups), goods: texts(v.goods) };
}

/** The level the first choice fixed, or null when nothing is chosen (every level open). */
export function lockedLevel(value: ClassPickerValue): ClassLevel | null {
  const index = LEVEL_KEYS.findIndex((k) => value[k].length > 0);
  return index < 0 ? null : (index as ClassLevel);
}

export function canChooseLevel(value: ClassPickerValue, level: number): boolean {
  const locked = lockedLevel(value);
  return locked === null || locked === level;
}

/** The text a node contributes to the value at its level. */
export function valueOfNode(node: ClassNodeRef): string {
  if (node.dirLevel === 0) return String(Number(node.cgNum));
  return node.dirLevel === 1 ? node.cgNum : node.cgName;
}

export function isChosen(value: ClassPickerValue, node: ClassNodeRef): boolean {
  const key = LEVEL_KEYS[node.dirLevel];
  return key !== undefined && value[key].includes(valueOfNode(node));
}

/** Chooses or un-chooses a node; a node of a locked-out level changes nothing. The other levels stay empty. */
export function toggleNode(value: ClassPickerValue, node: ClassNodeRef): ClassPickerValue {
  if (!canChooseLevel(value, node.dirLevel)) return value;
  const key = LEVEL_KEYS[node.dirLevel as ClassLevel];
  const text = valueOfNode(node);
  const list = value[key].includes(text) ? value[key].filter((v) => v !== text) : [...value[key], text];
  return { ...emptyClassValue(), [key]: list };
}

export function removeChoice(value: ClassPickerValue, level: ClassLevel, text: string): ClassPickerValue {
  const key = LEVEL_KEYS[level];
  return { ...value, [key]: value[key].filter((v) => v !== text) };
}

/** Every choice with its level, in the order chosen. */
export function choices(value: ClassPickerValue): { level: ClassLevel; text: string }[] {
  return LEVEL_KEYS.flatMap((key, level) => value[key].map((text) => ({ level: level as ClassLevel, text })));
}

/** How a choice reads: "第9类 科学仪器", "0901 电子计算机及其外部设备", or the goods name. */
export function choiceLabel(level: ClassLevel, text: string, names: ReadonlyMap<string, string>): string {
  const name = names.get(`${level}:${text}`);
  if (level === 0) return name ? `第${text}类 ${name}` : `第${text}类`;
  if (level === 1) return name ? `${text} ${name}` : text;
  return text;
}
