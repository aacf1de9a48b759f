import type { CustomField, CustomFieldInput } from '../../generated/types.js';
import { MAX_PINNED, choiceOptionsProblem, defaultContent, isChoice, optionsOf, type ChoiceOption } from '../../shared/customFieldRules.js';

/** A field as the settings dialog holds it until 保存: saved rows have an id, new ones only a key. */
export interface FieldDraft {
  key: string;
  id?: number;
  fieldTitle: string;
  name: string;
  fieldDesc: string;
  isRequire: 0 | 1;
  fieldType: CustomField['fieldType'];
  content: unknown;
  state: 0 | 1;
  isTop: 0 | 1;
  isFilter: 0 | 1;
  locked: boolean;
  /** Saved rows marked for deletion; dropped by 保存. */
  deleted?: boolean;
}

export function parseContent(field: Pick<CustomField, 'fieldType' | 'fieldContent'>): unknown {
  try {
    return JSON.parse(field.fieldContent) as unknown;
  } catch {
    return defaultContent(field.fieldType);
  }
}

export const optionsOfField = (field: Pick<CustomField, 'fieldType' | 'fieldContent'>): ChoiceOption[] => optionsOf(field.fieldType, parseContent(field));

export function draftOf(field: CustomField): FieldDraft {
  return {
    key: `saved-${field.id}`,
    id: field.id,
    fieldTitle: field.fieldTitle,
    name: field.name,
    fieldDesc: field.fieldDesc,
    isRequire: field.isRequire,
    fieldType: field.fieldType,
    content: parseContent(field),
    state: field.state,
    isTop: field.isTop,
    isFilter: field.isFilter,
    locked: field.locked,
  };
}

let counter = 0;
export function newDraft(fieldType: CustomField['fieldType'] = '单行文本'): FieldDraft {
  counter += 1;
  return {
    key: `new-${Date.now()}-${counter}`,
    fieldTitle: '',
    name: '',
    fieldDesc: '',
    isRequire: 0,
    fieldType,
    content: defaultContent(fieldType),
    state: 1,
    isTop: 0,
    isFilter: 0,
    locked: false,
  };
}

/** Why the field editor cannot be confirmed, or null. */
export function draftProblem(draft: FieldDraft, others: FieldDraft[]): string | null {
  const title = draft.fieldTitle.trim();
  if (!title) return '请输入字段名称';
  if ([...title].length > 20) return '字段名称不能超过 20 个字符';
  if (others.some((o) => o.key !== draft.key && !o.deleted && o.fieldTitle.trim() === title)) return `字段名称“${title}”已存在`;
  if (isChoice(draft.fieldType)) return choiceOptionsProblem(Array.isArray(draft.content) ? (draft.content as ChoiceOption[]) : []);
  if (draft.fieldType === '日期') {
    const settings = draft.content as { 设置期限提醒?: boolean; 人员?: string };
    if (settings.设置期限提醒 && !settings.人员) return '请选择提醒人员';
  }
  return null;
}

/** 删除 in the list: a row never saved goes at once, a saved one is marked until 保存. */
export function removeDraft(rows: FieldDraft[], key: string): FieldDraft[] {
  const row = rows.find((r) => r.key === key);
  if (!row) return rows;
  return row.id === undefined ? rows.filter((r) => r.key !== key) : rows.map((r) => (r.key === key ? { ...r, deleted: true } : r));
}

export function moveDraft(rows: FieldDraft[], from: number, to: number): FieldDraft[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return rows;
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

export const pinnedCount = (rows: FieldDraft[]) => rows.filter((r) => !r.deleted && r.isTop === 1).length;
export const canPin = (rows: FieldDraft[]) => pinnedCount(rows) < MAX_PINNED;

/** The full list updateCustomFields saves, in the dialog's order. */
export function fullList(rows: FieldDraft[]): CustomFieldInput[] {
  return rows.map((r) =>
    r.deleted && r.id !== undefined
      ? { id: r.id, delete: 1 }
      : {
          ...(r.id !== undefined ? { id: r.id } : {}),
          fieldTitle: r.fieldTitle.trim(),
          fieldDesc: r.fieldDesc,
          isRequire: r.isRequire,
          fieldType: r.fieldType,
          fieldContent: JSON.stringify(r.content),
          state: r.state,
          isTop: r.isTop,
          isFilter: r.isFilter,
        },
  );
}

/** Saved rows' ids in order and the pinned ones, as sortCustomField takes them. */
export function sortBody(type: number, rows: FieldDraft[]) {
  const saved = rows.filter((r) => r.id !== undefined && !r.deleted);
  return {
    fieldType: type,
    ids: saved.map((r) => r.id).join(','),
    isTop: saved
      .filter((r) => r.isTop === 1)
      .map((r) => r.id)
      .join(','),
  };
}
