import type { ReactNode } from 'react';
import { Checkbox, Tag, Typography } from 'antd';
import './merge.css';

export interface MergeColumn {
  id: number;
  /** Read-aloud name of the column, e.g. 商标 12345（编号 7）. */
  name: string;
}

/** One column per mark, named the same way in every merge dialog. */
export function markColumns(marks: readonly { id: number; tmName: string; appNo: string }[]): MergeColumn[] {
  return marks.map((m) => ({ id: m.id, name: `商标 ${m.tmName} ${m.appNo}（编号 ${m.id}）` }));
}

export interface MergeRow {
  label: string;
  cells: ReactNode[];
  /** The values differ between the marks: the row is marked so the person looks twice. */
  differs?: boolean;
}

export interface MergeColumnsProps {
  columns: MergeColumn[];
  rows: MergeRow[];
  kept: number | null;
  onPick(id: number): void;
}

/**
 * Duplicates side by side: one column per mark, one row per aspect. The kept mark is picked by its
 * checkbox or by clicking anywhere in its column.
 */
export function MergeColumns({ columns, rows, kept, onPick }: MergeColumnsProps) {
  const template = `120px repeat(${columns.length}, minmax(180px, 1fr))`;
  return (
    <div className="ipm-merge-grid" style={{ gridTemplateColumns: template }} role="radiogroup" aria-label="请选择需要保留的商标">
      <div className="ipm-merge-corner" />
      {columns.map((c) => (
        <div
          key={c.id}
          className={`ipm-merge-head${kept === c.id ? ' is-kept' : ''}`}
          role="radio"
          aria-checked={kept === c.id}
          aria-label={c.name}
          tabIndex={0}
          onClick={() => onPick(c.id)}
          onKeyDown={(e) => (e.key === ' ' || e.key === 'Enter') && onPick(c.id)}
        >
          <Checkbox checked={kept === c.id} onChange={() => onPick(c.id)} onClick={(e) => e.stopPropagation()}>
            保留
          </Checkbox>
        </div>
      ))}
      {rows.map((row) => [
        <div key={`${row.label}:label`} className="ipm-merge-label">
          <Typography.Text strong>{row.label}</Typography.Text>
          {row.differs && (
            <Tag color="orange" className="ipm-merge-differs">
              不同
            </Tag>
          )}
        </div>,
        ...row.cells.map((cell, i) => (
          <div
            key={`${row.label}:${columns[i]!.id}`}
            className={`ipm-merge-cell${kept === columns[i]!.id ? ' is-kept' : ''}`}
            onClick={() => onPick(columns[i]!.id)}
          >
            {cell}
          </div>
        )),
      ])}
    </div>
  );
}
