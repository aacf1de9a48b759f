/** One key of a sort: a request field and its direction. */
export interface SortKey {
  key: string;
  ascending: boolean;
}

/** A field the sort bar offers: the text shown and the key sent. */
export interface SortOption {
  name: string;
  key: string;
}

/** A saved preset (spec 001 §3 "Sort preset"): a name plus its keys in order. */
export interface SortPreset {
  name: string;
  list: { name: string; key: string; ascending: boolean }[];
}

/** A row of the 自定义排序 popover; the field may still be unchosen. */
export interface SortRow {
  key?: string;
  ascending: boolean;
}

/** The preset buttons when a page names none (spec 001 §3). */
export const DEFAULT_SORT_OPTIONS: SortOption[] = [
  { name: '申请日期', key: 'app_date' },
  { name: '注册日期', key: 'reg_date' },
];

/** The display preference holding saved presets (spec 001 §7). */
export const SORT_PRESET_DISPLAY_TYPE = 8;

export const SORT_MESSAGES = {
  incompleteSort: '请补充完排序信息再进行排序',
  incompleteAdd: '请补充完排序信息再进行添加',
  added: '添加成功！',
  deleted: '删除成功！',
  confirmDelete: '是否删除该排序名称？',
  nameRequired: '请输入排序名称',
  nameTaken: '该排序名称已存在',
} as const;

/** The order the list is in: the chosen keys, or without a choice the list's default order. */
export function effectiveSort(current: SortKey[], fallback: SortKey[]): SortKey[] {
  return current.length > 0 ? current : fallback;
}

/**
 * A preset button pressed: a key not yet sorted on becomes the only key, descending (newest
 * first for dates); pressing the active key again flips its direction. Without a chosen sort the
 * default order is the active one, so the first press on its key changes the order too.
 */
export function togglePreset(current: SortKey[], key: string, fallback: SortKey[] = []): SortKey[] {
  const shown = effectiveSort(current, fallback);
  const active = shown.length === 1 && shown[0]!.key === key ? shown[0] : undefined;
  return [{ key, ascending: active ? !active.ascending : false }];
}

/** The default order a settings reply names ({sortField, sortType}, comma-joined when several). */
export function sortFromSettings(reply: { sortField?: string | null; sortType?: string | null } | null | undefined): SortKey[] {
  if (!reply?.sortField) return [];
  const types = (reply.sortType ?? '').split(',');
  return reply.sortField.split(',').map((key, i) => ({ key, ascending: types[i] !== 'desc' }));
}

/** The preset button's state: its direction when it alone is the current sort. */
export function presetState(current: SortKey[], key: string): 'ascending' | 'descending' | null {
  if (current.length !== 1 || current[0]!.key !== key) return null;
  return current[0]!.ascending ? 'ascending' : 'descending';
}

/** Every row needs a field before sorting, saving or adding another row (spec 001 §5). */
export function rowsComplete(rows: SortRow[]): boolean {
  return rows.every((r) => typeof r.key === 'string' && r.key !== '');
}

/** 添加: a new empty row, refused while a row still lacks its field. */
export function addRow(rows: SortRow[]): { rows: SortRow[]; error?: string } {
  if (!rowsComplete(rows)) return { rows, error: SORT_MESSAGES.incompleteAdd };
  return { rows: [...rows, { ascending: true }] };
}

/** 排序: the keys to send, or the message why nothing is sent. */
export function rowsToKeys(rows: SortRow[]): { keys: SortKey[]; error?: string } {
  if (rows.length === 0 || !rowsComplete(rows)) return { keys: [], error: SORT_MESSAGES.incompleteSort };
  return { keys: rows.map((r) => ({ key: r.key!, ascending: r.ascending })) };
}

/** Keys as the popover's rows, so opening it shows the current sort. */
export function keysToRows(keys: SortKey[]): SortRow[] {
  return keys.length > 0 ? keys.map((k) => ({ ...k })) : [{ ascending: true }];
}

/** The request fields of a sort: keys and directions in order, comma-joined when several. */
export function sortRequest(keys: readonly SortKey[]): { sortField: string; sortType: string } | null {
  if (keys.length === 0) return null;
  return { sortField: keys.map((k) => k.key).join(','), sortType: keys.map((k) => (k.ascending ? 'asc' : 'desc')).join(',') };
}

/** The saved presets in a display preference's JSON text; anything malformed is left out. */
export function parsePresets(text: string | null | undefined): SortPreset[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (p): p is SortPreset =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as SortPreset).name === 'string' &&
      Array.isArray((p as SortPreset).list) &&
      (p as SortPreset).list.every((k) => typeof k?.key === 'string' && typeof k.ascending === 'boolean'),
  );
}

/** A new preset from complete rows, named by the user; the field names come from the options. */
export function makePreset(name: string, keys: SortKey[], options: SortOption[]): SortPreset {
  return { name: name.trim(), list: keys.map((k) => ({ name: options.find((o) => o.key === k.key)?.name ?? k.key, key: k.key, ascending: k.ascending })) };
}

export function addPreset(all: SortPreset[], preset: SortPreset): { presets: SortPreset[]; error?: string } {
  if (!preset.name) return { presets: all, error: SORT_MESSAGES.nameRequired };
  if (all.some((p) => p.name === preset.name)) return { presets: all, error: SORT_MESSAGES.nameTaken };
  return { presets: [...all, preset] };
}

export function removePreset(all: SortPreset[], name: string): SortPreset[] {
  return all.filter((p) => p.name !== name);
}

/**
 * The presets this bar can apply: those whose every key it offers. The preference is one list per
 * user, so a bar over other fields leaves the rest alone.
 */
export function presetsFor(all: SortPreset[], options: SortOption[]): SortPreset[] {
  const keys = new Set(options.map((o) => o.key));
  return all.filter((p) => p.list.length > 0 && p.list.every((k) => keys.has(k.key)));
}

export function presetKeys(preset: SortPreset): SortKey[] {
  return preset.list.map((k) => ({ key: k.key, ascending: k.ascending }));
}

/** Whether the current sort is exactly this preset's. */
export function isPresetActive(current: SortKey[], preset: SortPreset): boolean {
  return current.length === preset.list.length && preset.list.every((k, i) => current[i]!.key === k.key && current[i]!.ascending === k.ascending);
}
