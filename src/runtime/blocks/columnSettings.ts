/** How the user arranged one table's columns (列表设置). */
export interface ColumnSetting {
  prop: string;
  isShow: boolean;
  fixed?: 'left' | 'right';
}

export interface ConfigurableColumn {
  prop: string;
  label: string;
  fixed?: 'left' | 'right';
}

/**
 * The columns in the user's order with their choices; columns added to the schema since appear at
 * the end, shown; columns no longer in the schema are forgotten.
 */
export function mergeColumnSettings(columns: ConfigurableColumn[], saved: ColumnSetting[] | null): ColumnSetting[] {
  const known = new Map(columns.map((c) => [c.prop, c]));
  const kept = (saved ?? []).filter((s) => known.has(s.prop));
  const seen = new Set(kept.map((s) => s.prop));
  const added = columns.filter((c) => !seen.has(c.prop)).map((c) => ({ prop: c.prop, isShow: true, ...(c.fixed ? { fixed: c.fixed } : {}) }));
  return [...kept, ...added];
}

export function moveColumn(settings: ColumnSetting[], from: number, to: number): ColumnSetting[] {
  if (from === to || from < 0 || to < 0 || from >= settings.length || to >= settings.length) return settings;
  const next = [...settings];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export function parseColumnSettings(text: string | null | undefined): ColumnSetting[] | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value.filter((v) => v && typeof v.prop === 'string') as ColumnSetting[]) : null;
  } catch {
    return null;
  }
}
