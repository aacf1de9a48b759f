import { useMemo, type ButtonHTMLAttributes, type CSSProperties } from 'react';
import { Dropdown, theme } from 'antd';
import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
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

/**
 * The theme's link colours as CSS variables for the row links of a table, read once per table:
 * an antd Button mounted per row link cost about 0.5 ms each (its style registration and wave),
 * and scrolling a long page mounts a dozen rows a frame.
 */
export function useRowLinkColours(): CSSProperties {
  const { token } = theme.useToken();
  return useMemo(
    () =>
      ({
        '--ipm-row-link': token.colorLink,
        '--ipm-row-link-hover': token.colorLinkHover,
        '--ipm-row-link-active': token.colorLinkActive,
        '--ipm-row-link-danger': token.colorError,
        '--ipm-row-link-danger-hover': token.colorErrorHover,
        '--ipm-row-link-disabled': token.colorTextDisabled,
      }) as CSSProperties,
    [token],
  );
}

/** A row's link: a native button styled as antd's small link button, with a spinner while its call runs. */
function RowLink({ danger, loading, className, children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean; loading?: boolean }) {
  // A dropdown gives its trigger a class of its own; it is kept beside ours.
  const classes = ['ipm-row-link', danger && 'ipm-row-link-danger', className].filter(Boolean).join(' ');
  return (
    <button type="button" {...rest} className={classes} disabled={loading} aria-busy={loading || undefined}>
      {loading && <LoadingOutlined />}
      {children}
    </button>
  );
}

/** A row's buttons as links, the rest under 更多; each only where its condition holds for the row. */
export function RowActions({ row, buttons, dropdownItems, limit, busy, rowId, onRun }: RowActionsProps) {
  const { shown, more } = rowActions(row, buttons, dropdownItems, limit);
  return (
    // A plain flex span rather than antd Space: one row holds it, and scrolling mounts a dozen rows a frame.
    <span className="ipm-row-actions">
      {shown.map((b) => (
        <RowLink key={b.label} danger={b.danger} loading={busy === `${b.label}:${rowId}`} onClick={() => onRun(b, row)}>
          {b.label}
        </RowLink>
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
          <RowLink loading={more.some((b) => busy === `${b.label}:${rowId}`)}>
            更多 <DownOutlined />
          </RowLink>
        </Dropdown>
      )}
    </span>
  );
}
