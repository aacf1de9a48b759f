/** The kinds of schema the designer edits: the directories schemas/pages, forms, fields and caseTypes. */
export type DesignableKind = 'pages' | 'forms' | 'fields' | 'caseTypes';

export const KIND_LABELS: Record<DesignableKind, string> = { pages: '页面', forms: '表单', fields: '字段类型', caseTypes: '案件类型' };
