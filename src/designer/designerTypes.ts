/** The kinds of schema the designer edits (schemas/pages, schemas/forms, schemas/fields). */
export type DesignableKind = 'pages' | 'forms' | 'fields';

export const KIND_LABELS: Record<DesignableKind, string> = { pages: '页面', forms: '表单', fields: '字段类型' };
