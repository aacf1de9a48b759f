import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { rowActions } from './tableButtons.js';
import type { Row, TableButton } from './types.js';

export interface RowActionsProps {
  row: Row;
  buttons: TableButton[];
  dropdownItems: TableButton[];
  limit: number;
  /** The button whose call is under way, as `label:rowId`. */
  busy: string | null;
  rowId: string;
  onRun(button: TableButton, row: Row): void;
}

/** A row's buttons as links, the rest under 更多; each only where its condition holds for the row. */
export function RowActions({ row, buttons, dropdownItems, limit, busy, rowId, onRun }: RowActionsProps) {
  const { shown, more } = rowActions(row, buttons, dropdownItems, limit);
  return (
    // A plain flex span rather than antd Space: one row holds it, and scrolling mounts a dozen rows a frame.
    <span className="ipm-row-actions">
      {shown.map((b) => (
        <Button key={b.label} type="link" size="small" danger={b.danger} loading={busy === `${b.label}:${rowId}`} onClick={() => onRun(b, row)}>
          {b.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((b) => ({ key: b.label, label: b.label, danger: b.danger })),
            onClick: ({ key }) => {
              const button = more.find((b) => b.label === key);
              if (button) onRun(button, row);
            },
          }}
        >
          <Button type="link" size="small" loading={more.some((b) => busy === `${b.label}:${rowId}`)}>
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </span>
  );
}
