import { isValidElement, memo, useMemo, type CSSProperties, type HTMLAttributes, type Key, type ReactNode, type TdHTMLAttributes } from 'react';
import { theme } from 'antd';
import { FastColor } from '@ant-design/fast-color';
import { useContext as useTableContext } from '@rc-component/context';
// The context antd's table gives its body: its columns after antd added selection and sorting, and where each is fixed.
import TableContext, { type TableContextProps } from 'rc-table/es/context/TableContext';
import { getColumnsKey } from 'rc-table/es/utils/valueUtil';
import type { ColumnType } from 'rc-table/es/interface';
import type { FixedInfo } from 'rc-table/es/utils/fixUtil';

type Record = { [key: string]: unknown };
type Column = ColumnType<Record>;

type Context = TableContextProps<Record>;
const FIELDS: (keyof Context)[] = ['prefixCls', 'flattenColumns', 'fixedInfoList', 'rowClassName', 'onRow', 'supportSticky', 'allColumnsFixedLeft'];
type RowContext = Pick<Context, 'prefixCls' | 'flattenColumns' | 'fixedInfoList' | 'rowClassName' | 'onRow' | 'supportSticky' | 'allColumnsFixedLeft'>;

const classes = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/** Column keys as rc-table gives them, worked out once per set of columns, not per row. */
const keysOf = new WeakMap<readonly Column[], Key[]>();
function columnKeys(columns: readonly Column[]): Key[] {
  let keys = keysOf.get(columns);
  if (!keys) keysOf.set(columns, (keys = getColumnsKey(columns)));
  return keys;
}

function valueAt(record: Record, dataIndex: Column['dataIndex']): unknown {
  const path = dataIndex === null || dataIndex === undefined || dataIndex === '' ? [] : Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = record;
  for (const step of path) value = value === null || value === undefined ? undefined : (value as Record)[step as string];
  return value;
}

/** The title an ellipsis cell shows on hover: its text, as antd's cell takes it. */
function ellipsisTitle(ellipsis: Column['ellipsis'], content: ReactNode): string | undefined {
  if (!ellipsis || (typeof ellipsis === 'object' && !ellipsis.showTitle)) return undefined;
  if (typeof content === 'string' || typeof content === 'number') return String(content);
  if (isValidElement<{ children?: unknown }>(content) && typeof content.props.children === 'string') return content.props.children;
  return undefined;
}

/** One body cell, with the classes, sticky offsets and title antd's own cell gives it. */
function cellOf(
  column: Column,
  key: Key,
  fixed: FixedInfo,
  record: Record,
  index: number,
  sticky: { support: boolean; allLeft: boolean },
  prefixCls: string,
): ReactNode {
  const extra = (column.onCell?.(record, index) ?? {}) as TdHTMLAttributes<HTMLTableCellElement>;
  const colSpan = extra.colSpan ?? 1;
  const rowSpan = extra.rowSpan ?? 1;
  if (colSpan === 0 || rowSpan === 0) return null;
  const value = valueAt(record, column.dataIndex);
  let content = (column.render ? column.render(value, record, index) : value) as ReactNode;
  // Plain objects are not content (antd's cell drops them too).
  if (content !== null && typeof content === 'object' && !Array.isArray(content) && !isValidElement(content)) content = null;
  const cell = `${prefixCls}-cell`;
  const fixLeft = sticky.support && typeof fixed.fixLeft === 'number';
  const fixRight = sticky.support && typeof fixed.fixRight === 'number';
  const style: CSSProperties = {
    ...(fixLeft ? { position: 'sticky', left: fixed.fixLeft as number } : {}),
    ...(fixRight ? { position: 'sticky', right: fixed.fixRight as number } : {}),
    ...(column.align ? { textAlign: column.align } : {}),
    ...extra.style,
  };
  const className = classes(
    cell,
    column.className,
    fixLeft && `${cell}-fix-left`,
    sticky.support && fixed.firstFixLeft && `${cell}-fix-left-first`,
    sticky.support && fixed.lastFixLeft && `${cell}-fix-left-last`,
    sticky.support && fixed.lastFixLeft && sticky.allLeft && `${cell}-fix-left-all`,
    fixRight && `${cell}-fix-right`,
    sticky.support && fixed.firstFixRight && `${cell}-fix-right-first`,
    sticky.support && fixed.lastFixRight && `${cell}-fix-right-last`,
    Boolean(column.ellipsis) && `${cell}-ellipsis`,
    (fixLeft || fixRight) && fixed.isSticky && `${cell}-fix-sticky`,
    extra.className,
  );
  const title = extra.title ?? ellipsisTitle(column.ellipsis, content);
  const shown = column.ellipsis && (fixed.lastFixLeft || fixed.firstFixRight) ? <span className={`${cell}-content`}>{content}</span> : content;
  return (
    <td
      key={key}
      {...extra}
      className={className}
      style={style}
      title={title}
      colSpan={colSpan !== 1 ? colSpan : undefined}
      rowSpan={rowSpan !== 1 ? rowSpan : undefined}
    >
      {shown}
    </td>
  );
}

/**
 * A body row of a long page's window (useRowWindow.tsx): the same row and cells as antd's, from the
 * same table context, read once for the row rather than by a component with its own subscriptions
 * for every cell. While the window moves every frame brings new rows, and those per-cell
 * subscriptions were most of a frame's script. Rows of pages with expanded rows or nested children
 * are not windowed, so neither is handled here. Hovering a row is coloured by the stylesheet.
 */
export const WindowedRow = memo(function WindowedRow({ record, index, rowKey }: { record: Record; index: number; rowKey: string }) {
  const { prefixCls, flattenColumns, fixedInfoList, rowClassName, onRow, supportSticky, allColumnsFixedLeft } = useTableContext<Context, RowContext>(
    TableContext,
    FIELDS,
  );
  const rowProps = (onRow?.(record, index) ?? {}) as HTMLAttributes<HTMLTableRowElement>;
  const ownClass = typeof rowClassName === 'function' ? rowClassName(record, index, 0) : rowClassName;
  const keys = columnKeys(flattenColumns);
  const sticky = { support: supportSticky, allLeft: allColumnsFixedLeft };
  return (
    <tr {...rowProps} data-row-key={rowKey} className={classes(`${prefixCls}-row`, `${prefixCls}-row-level-0`, ownClass, rowProps.className)}>
      {flattenColumns.map((column, i) => cellOf(column, keys[i]!, fixedInfoList[i]!, record, index, sticky, prefixCls))}
    </tr>
  );
});

/**
 * The hover colours of antd's rows (its table's rowHoverBg and rowSelectedHoverBg) as CSS variables
 * for the stylesheet: the fill laid over the container's background, as antd's table mixes it.
 */
export function useRowHoverColours(): CSSProperties {
  const { token } = theme.useToken();
  return useMemo(
    () =>
      ({
        '--ipm-row-hover': new FastColor(token.colorFillAlter).onBackground(token.colorBgContainer).toHexString(),
        '--ipm-row-selected-hover': token.controlItemBgActiveHover,
      }) as CSSProperties,
    [token],
  );
}
