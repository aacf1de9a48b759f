/** Inline cell input limits (spec 001 §5): single-line text, multi-line text, number. */
export const CELL_LIMITS = { text: 50, longText: 200, number: 20 } as const;

export type CellInputKind = keyof typeof CELL_LIMITS;

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** Why the typed text cannot be saved, or null when it can. Empty text is allowed (clears the cell). */
export function cellInputProblem(kind: CellInputKind, label: string, text: string): string | null {
  const limit = CELL_LIMITS[kind];
  if ([...text].length > limit) return `${label}不能超过 ${limit} 个字符`;
  if (kind === 'number' && text.trim() !== '' && !NUMBER_TEXT.test(text.trim())) return `${label}只能填写数字`;
  return null;
}

export interface CellEditTarget {
  /** Request field carrying the row id. */
  idParam?: string;
  /** Request field carrying the new value; the column's prop by default. */
  param?: string;
  /** Other fields of the row sent along, for operations that save the whole record. */
  include?: string[];
  /** Constant request fields. */
  body?: Record<string, unknown>;
}

/**
 * The request that saves one edited cell: the row id, the new value, the row's other listed fields
 * (empty ones left out, so an operation that saves the whole record keeps them as they were).
 */
export function cellSaveBody(target: CellEditTarget, row: Record<string, unknown>, rowKey: string, prop: string, value: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = { ...target.body };
  for (const field of target.include ?? []) {
    const v = row[field];
    if (v !== null && v !== undefined && v !== '') body[field] = v;
  }
  body[target.idParam ?? 'id'] = row[rowKey];
  body[target.param ?? prop] = value;
  return body;
}

/** The edited text as the value to send: numbers as numbers unless the field keeps them as text. */
export function cellValue(kind: CellInputKind, text: string, numberAs: 'number' | 'string' = 'number'): string | number | null {
  const trimmed = text.trim();
  if (kind !== 'number') return text;
  if (trimmed === '') return numberAs === 'number' ? null : '';
  return numberAs === 'number' ? Number(trimmed) : trimmed;
}
