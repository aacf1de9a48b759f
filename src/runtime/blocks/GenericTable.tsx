import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Button, ConfigProvider, Descriptions, Space, Table, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { RecursionField, useField, useFieldSchema, type ISchema } from '@formily/react';
import type { GeneralField } from '@formily/core';
import { useSWRConfig } from 'swr';
import { useNamedOperation } from '../useOperation.js';
import { takesPage } from '../pagedOperation.js';
import { useRuntime } from '../runtimeContext.js';
import { askConfirm, confirmForSelection, showNotice } from '../confirmDialog.js';
import { fillPathTemplate, fillTemplate, readPath } from './readPath.js';
import { PaginationBar, PAGE_SIZES } from './PaginationBar.js';
import { ColumnSettingsDrawer } from './ColumnSettingsDrawer.js';
import { useColumnSettings } from './useColumnSettings.js';
import { useBlockQuery, useQueryPaging, useQueryRequest, useQueryValue } from '../pageQueries.js';
import { useSelectedRows } from '../useSelectedRows.js';
import { effectiveSort } from './sortPresets.js';
import { pinnedRightLast } from './table/columnOrder.js';
import { SchemaOverlay, type OverlaySpec } from './SchemaOverlay.js';
import { cellView } from './table/CellView.js';
import { EditableCell } from './table/EditableCell.js';
import { RowActions, useRowLinkColours } from './table/RowActions.js';
import { RowFragment, useFragmentForm } from './table/RowFragment.js';
import { matchesCondition } from './table/rowCondition.js';
import { idsBody, permittedButtons } from './table/tableButtons.js';
import { clampPage } from './table/paging.js';
import { TableSelectionContext, type TableSelection } from './table/tableSelection.js';
import { columnWindow } from './table/columnWindow.js';
import { sameSpan } from './table/windowSpan.js';
import { useRowWindow, WINDOWED_COMPONENTS } from './table/useRowWindow.js';
import { useRowHoverColours } from './table/WindowedRow.js';
import type { GenericTableProps as DescribedProps } from '../../generated/types.js';
import type { CellEdit, HeaderButton, Row, TableButton, TableColumn } from './table/types.js';
import { rowRecordOf, withRecordDefaults } from './table/recordColumns.js';
import { useExtraColumnsSource } from './table/extraColumns.js';
import { saveBlob } from '../saveBlob.js';

export type { TableButton, TableColumn } from './table/types.js';

/** The described properties, and the table node's own properties that Formily renders as children. */
export type GenericTableProps = DescribedProps & { children?: ReactNode };

/** Column types that are parts of the table rather than columns the user arranges. */
const STRUCTURAL = new Set(['index', 'selection', 'expand', 'operation']);
const isEditable = (c: TableColumn): c is TableColumn & { edit: CellEdit } =>
  Boolean(c.edit) && (c.type === 'input' || c.type === 'number' || c.type === 'select');
/**
 * Every column has a width, so the table is laid out by its column widths ('fixed' layout) rather
 * than by measuring every cell: on a 100 × 50 page automatic layout took seconds. Virtual rows
 * need the widths as well.
 */
const DEFAULT_WIDTH: Record<string, number> = { index: 64, date: 120, datetime: 160, number: 120, select: 140, image: 80, thumbnails: 200 };
const columnWidth = (c: TableColumn) => c.width ?? DEFAULT_WIDTH[c.type ?? 'text'] ?? 180;
/** Checkbox and expand-icon columns. */
const MARK_COLUMN_WIDTH = 48;

/**
 * The generic table: rows from one operation, paged by the pagination bar, sortable columns that
 * re-fetch, per-column and per-button permissions, header buttons on the selected rows, row
 * buttons and a 更多 dropdown that may depend on the row, expandable rows, cells edited in place,
 * cells from schema fragments, a refresh button, 列表设置 remembered per user, and virtual rows
 * for long pages.
 */
export function GenericTable(props: GenericTableProps) {
  const {
    operation,
    tableKey,
    listPath = 'list',
    countPath = 'count',
    rowKey = 'id',
    pageSizes = PAGE_SIZES,
    rowButtonLimit = 3,
    virtualThreshold = 50,
    virtualHeight = 560,
  } = props;
  const runtime = useRuntime();
  const { modal, message } = App.useApp();
  const fragmentForm = useFragmentForm();
  // Outside a page schema (a bench page, a test) there is no node and so no fragments.
  const fieldSchema = useFieldSchema() as ReturnType<typeof useFieldSchema> | undefined;
  const tableField = useField() as GeneralField | undefined;
  const described = useMemo(() => {
    const record = rowRecordOf(operation, listPath);
    return props.columns.map((c) => withRecordDefaults(c, record));
  }, [props.columns, operation, listPath]);
  const slotNames = useMemo(() => new Set(described.map((c) => c.slot).filter((s): s is string => Boolean(s))), [described]);
  const toolbarNames = useMemo(() => new Set(props.toolbarSlots ?? []), [props.toolbarSlots]);
  const fragments = useMemo(() => {
    const out = new Map<string, ISchema>();
    for (const name of slotNames) {
      const node = fieldSchema?.properties?.[name];
      if (node) out.set(name, node.toJSON() as ISchema);
    }
    return out;
  }, [fieldSchema, slotNames]);
  // The page's query the table lists by (its filter bar's conditions, its sort bar's keys, the selection), or one of its own.
  const query = useBlockQuery(props.queryChannel);
  const [page, setPage] = useQueryPaging(query, props.defaultPageSize ?? pageSizes[0]);
  // Several keys only come from a sort bar; a column header sorts by one.
  const sort = useQueryValue(query, 'sort');
  // The list's order while no sort is chosen, as a sort bar learnt it: its column shows it.
  const defaultSort = useQueryValue(query, 'defaultSort');
  const [overlay, setOverlay] = useState<{ button: TableButton; dialog: OverlaySpec; row: Row } | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The drawer (and its styles) is made on first opening, not with every table.
  const [settingsUsed, setSettingsUsed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  // On a query the selection is the query's: other views of the same rows (cards) share it.
  const [selected, setSelected] = useSelectedRows(props.queryChannel);
  const conditions = useQueryValue(query, 'conditions');
  // What the rows are asked for by, without the page: a download of them takes the same.
  const conditionsRequest = { ...props.body, ...useQueryRequest(query, { sortField: props.sortFieldParam, sortType: props.sortOrderParam }) };
  const request = takesPage(operation) ? { ...conditionsRequest, ...page } : conditionsRequest;
  const { data, isLoading, isValidating, mutate } = useNamedOperation<unknown>(operation, request);
  const { mutate: mutateCache } = useSWRConfig();
  const requestText = JSON.stringify(request);
  // After a change every cached page of this list is stale: drop the others, fetch this one again.
  const refresh = useCallback(async () => {
    // Setting undefined with revalidate also forgets their last fetch, so a page opened next is fetched, not reused.
    await mutateCache((key) => Array.isArray(key) && key[0] === operation && key[1] !== requestText, undefined, { revalidate: true });
    return mutate();
  }, [mutateCache, mutate, operation, requestText]);
  const rows = useMemo(() => (readPath(data, listPath) as Row[] | undefined) ?? [], [data, listPath]);
  // Custom fields of a module as extra columns (spec 001 §3, §4): see `customFields`. The source is the application's.
  const useExtraColumns = useExtraColumnsSource();
  const custom = useExtraColumns(props.customFields, rowKey, refresh);
  const total = Number(readPath(data, countPath) ?? rows.length);
  // Beside the total, an answer may say the server stopped counting (getCaseLists, the archive list).
  const capped =
    readPath(
      data,
      countPath.replace(/[^.]*$/, (last) => `${last}Capped`),
    ) === true;
  useEffect(() => {
    if (data === undefined) return;
    const pageNo = clampPage(page.pageNo, page.pageSize, total);
    if (pageNo !== page.pageNo) setPage({ pageNo, pageSize: page.pageSize });
  }, [data, total, page.pageNo, page.pageSize, setPage]);
  const idOf = useCallback((row: Row) => String(row[rowKey]), [rowKey]);

  const permitted = useMemo(() => described.filter((c) => !c.permission || runtime.permissions.has(c.permission)), [described, runtime.permissions]);
  const configurable = useMemo(() => permitted.filter((c) => !STRUCTURAL.has(c.type ?? 'text')), [permitted]);
  const { settings, save } = useColumnSettings(tableKey, configurable);
  const headerButtons = useMemo(() => permittedButtons(props.headerButtons, runtime.permissions), [props.headerButtons, runtime.permissions]);
  const rowButtons = useMemo(() => permittedButtons(props.rowButtons, runtime.permissions), [props.rowButtons, runtime.permissions]);
  const dropdownItems = useMemo(() => permittedButtons(props.dropdownItems, runtime.permissions), [props.dropdownItems, runtime.permissions]);
  const selectionColumn = permitted.find((c) => c.type === 'selection');
  const expandColumn = permitted.find((c) => c.type === 'expand');
  const operationColumn = permitted.find((c) => c.type === 'operation');
  const virtual = rows.length > virtualThreshold || page.pageSize > virtualThreshold;
  // Long pages render only the rows near the view (table/useRowWindow.tsx). Expanded rows have
  // heights of their own, so a table with them leaves it to antd's virtual list, which measures rows.
  const windowed = virtual && !expandColumn;

  const call = async (button: TableButton, body: Record<string, unknown>, busyKey: string, selectedCount?: number) => {
    if (!button.operation) return false;
    if (button.confirm) {
      const confirmed = await askConfirm(modal, selectedCount === undefined ? button.confirm : confirmForSelection(button.confirm, selectedCount));
      if (!confirmed) return false;
    }
    setBusy(busyKey);
    try {
      await runtime.callNamedOperation(button.operation, { ...button.body, ...body });
      if (button.successMessage) runtime.notify('success', button.successMessage);
      if (button.successDialog) showNotice(modal, button.successDialog);
      const others = button.refresh ?? [];
      await Promise.all([refresh(), others.length > 0 && mutateCache((key) => Array.isArray(key) && others.includes(key[0] as string))]);
      return true;
    } catch {
      // Shown by the HTTP client.
      return false;
    } finally {
      setBusy(null);
    }
  };

  const runRowButton = (button: TableButton, row: Row) => {
    if (button.to) return runtime.navigate(fillPathTemplate(button.to, row));
    if (button.dialog) return setOverlay({ button, dialog: button.dialog, row });
    void call(
      button,
      button.idsParam ? idsBody({ ...button, idsParam: button.idsParam }, [row[rowKey] as string | number]) : { [button.idParam ?? 'id']: row[rowKey] },
      `${button.label}:${idOf(row)}`,
    );
  };

  const download = async (button: HeaderButton, fileName: string) => {
    if (!button.operation) return;
    message.warning('开始下载，请稍候');
    setBusy(`header:${button.label}`);
    try {
      saveBlob(await runtime.callNamedOperation<Blob>(button.operation, { ...button.body, ...conditionsRequest }), fileName);
    } catch {
      // Shown by the HTTP client (a refused export says why).
    } finally {
      setBusy(null);
    }
  };

  const runHeaderButton = async (button: HeaderButton) => {
    if (button.download) {
      await download(button, button.download);
      return;
    }
    if (!button.idsParam) {
      await call(button, {}, `header:${button.label}`);
      return;
    }
    if (selected.size === 0) {
      runtime.notify('warning', '请先选择数据');
      return;
    }
    const ids = [...selected.keys()];
    if (await call(button, idsBody({ ...button, idsParam: button.idsParam }, ids), `header:${button.label}`, ids.length)) setSelected(new Map());
  };

  // Wide tables render only the scrolling columns near the visible part (table/columnWindow.ts).
  const frame = useRef<HTMLDivElement>(null);
  const tablePrefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('table');
  const rowLinkColours = useRowLinkColours();
  const rowHoverColours = useRowHoverColours();
  const frameStyle = useMemo(() => ({ ...rowLinkColours, ...rowHoverColours }), [rowLinkColours, rowHoverColours]);
  const [viewport, setViewport] = useState(() => ({ left: 0, width: typeof window === 'undefined' ? 0 : window.innerWidth }));
  const shownSettings = useMemo(() => {
    const byProp = new Map(permitted.map((c) => [c.prop, c]));
    return settings.flatMap((s) => {
      const column = byProp.get(s.prop);
      return column && s.isShow ? [{ setting: s, column }] : [];
    });
  }, [permitted, settings]);
  const scrollingWidths = useMemo(() => shownSettings.filter(({ setting }) => !setting.fixed).map(({ column }) => columnWidth(column)), [shownSettings]);
  const fixedLeftWidth =
    permitted.filter((c) => c.type === 'index').reduce((sum, c) => sum + (c.width ?? 64), 0) +
    shownSettings.filter(({ setting }) => setting.fixed === 'left').reduce((sum, { column }) => sum + columnWidth(column), 0) +
    (selectionColumn ? MARK_COLUMN_WIDTH : 0) +
    (expandColumn ? MARK_COLUMN_WIDTH : 0);
  const win = useMemo(() => columnWindow(scrollingWidths, viewport.left, viewport.width, fixedLeftWidth), [scrollingWidths, viewport, fixedLeftWidth]);
  const windowInputs = useRef({ scrollingWidths, fixedLeftWidth, win, view: viewport });
  windowInputs.current = { scrollingWidths, fixedLeftWidth, win, view: windowInputs.current.view };
  // Measured before the first paint: the rows usually arrive before the resize observer's first call.
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    // Re-render only when the scroll or a resize brings other columns into the window.
    const look = (left: number, width: number) => {
      const now = windowInputs.current;
      now.view = { left, width };
      if (!sameSpan(columnWindow(now.scrollingWidths, left, width, now.fixedLeftWidth), now.win)) setViewport(now.view);
    };
    const scrolled = (event: Event) => {
      const target = event.target as HTMLElement;
      if (!(target instanceof HTMLElement)) return;
      const list = target.classList;
      // The header follows the body's horizontal scroll, virtual rows or not.
      if (list.contains(`${tablePrefix}-header`) || list.contains(`${tablePrefix}-content`) || list.contains(`${tablePrefix}-body`))
        look(target.scrollLeft, windowInputs.current.view.width);
    };
    const observer = new ResizeObserver(([entry]) => {
      if (entry) look(windowInputs.current.view.left, entry.contentRect.width);
    });
    observer.observe(element);
    look(windowInputs.current.view.left, element.clientWidth);
    element.addEventListener('scroll', scrolled, true);
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', scrolled, true);
    };
  }, [tablePrefix]);

  const shownSort = effectiveSort(sort, defaultSort);
  const operationFragment = operationColumn?.slot ? fragments.get(operationColumn.slot) : undefined;
  const columns = useMemo<TableColumnsType<Row>>(() => {
    const render = (column: TableColumn) => (value: unknown, row: Row, index: number) => {
      if (column.type === 'slot') {
        const fragment = column.slot ? fragments.get(column.slot) : undefined;
        return fragment ? <RowFragment form={fragmentForm} name={column.prop} schema={fragment} row={row} index={index} /> : null;
      }
      const view = cellView(column, value);
      if (isEditable(column) && (!column.edit.permission || runtime.permissions.has(column.edit.permission)) && matchesCondition(row, column.edit.when)) {
        return <EditableCell column={column} row={row} rowKey={rowKey} view={view} onSaved={refresh} />;
      }
      return view;
    };
    const out: TableColumnsType<Row> = permitted
      .filter((c) => c.type === 'index')
      .map((c) => ({
        key: c.prop,
        title: c.label,
        width: c.width ?? 64,
        fixed: 'left' as const,
        render: (_: unknown, __: Row, i: number) => (page.pageNo - 1) * page.pageSize + i + 1,
      }));
    out.push(...custom.columns.filter((c) => c.fixed === 'left'));
    const spacer = (key: string, width: number) => ({ key, className: 'ipm-column-spacer', width, render: () => null });
    let scrolling = -1;
    for (const { setting: s, column } of shownSettings) {
      if (!s.fixed && win) {
        scrolling += 1;
        if (scrolling < win.start || scrolling >= win.end) {
          if (scrolling === 0 && win.before > 0) out.push(spacer('ipm-spacer-before', win.before));
          if (scrolling === win.end) out.push(spacer('ipm-spacer-after', win.after));
          continue;
        }
      }
      out.push({
        key: column.prop,
        dataIndex: column.prop.split('.'),
        title: column.label,
        width: columnWidth(column),
        fixed: s.fixed,
        // Plain text cells: CSS ellipsis with the full text as the cell's title.
        ellipsis: !column.type || column.type === 'text' || column.type === 'number' ? { showTitle: true } : false,
        sorter: column.sortable,
        // A click flips between the two directions and never falls back to no order, which could look the same.
        sortDirections: ['ascend', 'descend', 'ascend'],
        sortOrder: shownSort.length === 1 && shownSort[0]!.key === (column.sortKey ?? column.prop) ? (shownSort[0]!.ascending ? 'ascend' : 'descend') : null,
        render: render(column),
      });
    }
    out.push(...custom.columns.filter((c) => c.fixed !== 'left'));
    const hasButtons = rowButtons.length > 0 || dropdownItems.length > 0;
    if (hasButtons || operationFragment) {
      const linkCount = Math.min(rowButtons.length, rowButtonLimit) + (rowButtons.length > rowButtonLimit || dropdownItems.length > 0 ? 1 : 0);
      out.push({
        key: 'operation',
        title: operationColumn?.label ?? '操作',
        fixed: operationColumn?.fixed ?? 'right',
        width: operationColumn?.width ?? 72 * linkCount + 16,
        render: (_: unknown, row: Row, index: number) => (
          <>
            {operationFragment && <RowFragment form={fragmentForm} name={operationColumn!.prop} schema={operationFragment} row={row} index={index} />}
            {hasButtons && (
              <RowActions
                row={row}
                rowId={idOf(row)}
                buttons={rowButtons}
                dropdownItems={dropdownItems}
                limit={rowButtonLimit}
                busy={busy}
                onRun={runRowButton}
              />
            )}
          </>
        ),
      });
    }
    return pinnedRightLast(out);
    // runRowButton only closes over values listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    permitted,
    shownSettings,
    win,
    shownSort,
    page,
    busy,
    rowButtons,
    dropdownItems,
    rowButtonLimit,
    operationColumn,
    operationFragment,
    fragmentForm,
    fragments,
    runtime.permissions,
    rowKey,
    idOf,
    refresh,
    custom.columns,
  ]);

  const rowKeys = useMemo(() => rows.map(idOf), [rows, idOf]);
  const rowWindow = useRowWindow(frame, {
    enabled: windowed,
    rows,
    rowKeys,
    columns: columns.length + (selectionColumn ? 1 : 0),
    height: virtualHeight,
    bodyClass: `${tablePrefix}-body`,
    rowClass: `${tablePrefix}-row`,
  });

  const rowSelection: TableProps<Row>['rowSelection'] = selectionColumn
    ? {
        selectedRowKeys: [...selected.keys()].map(String),
        preserveSelectedRowKeys: true,
        fixed: true,
        getCheckboxProps: (row) => ({ disabled: !matchesCondition(row, selectionColumn.when), 'aria-label': `选择第 ${idOf(row)} 行` }) as object,
        onChange: (keys, chosen) => {
          const known = new Map([...selected.values(), ...chosen.filter(Boolean)].map((row) => [idOf(row), row] as const));
          const next = new Map<string | number, Row>();
          for (const k of keys) {
            const row = known.get(String(k));
            if (row) next.set(row[rowKey] as string | number, row);
          }
          setSelected(next);
        },
      }
    : undefined;

  const expandFragment = expandColumn?.slot ? fragments.get(expandColumn.slot) : undefined;
  const expandable: TableProps<Row>['expandable'] = expandColumn
    ? {
        rowExpandable: (row) => matchesCondition(row, expandColumn.when),
        expandedRowRender: (row, index) =>
          expandFragment ? (
            <RowFragment form={fragmentForm} name={expandColumn.prop} schema={expandFragment} row={row} index={index} />
          ) : (
            <Descriptions
              size="small"
              column={2}
              items={(expandColumn.fields ?? []).map((f) => ({
                key: f.prop,
                label: f.label,
                children: cellView({ prop: f.prop, label: f.label }, readPath(row, f.prop)),
              }))}
            />
          ),
      }
    : undefined;

  const selection = useMemo<TableSelection>(
    () => ({ rows: [...selected.values()], rowKey, conditions, clear: () => setSelected(new Map()), refresh }),
    [selected, setSelected, rowKey, conditions, refresh],
  );

  const scrollWidth = columns.reduce((sum, c) => sum + Number(c.width), (selectionColumn ? MARK_COLUMN_WIDTH : 0) + (expandColumn ? MARK_COLUMN_WIDTH : 0));

  return (
    <div className="ipm-generic-table" ref={frame} style={frameStyle} aria-busy={isLoading} data-row-count={rows.length}>
      {fieldSchema?.properties && Object.keys(fieldSchema.properties).some((name) => !slotNames.has(name) && !toolbarNames.has(name)) && (
        <div className="ipm-table-search">
          <RecursionField
            schema={fieldSchema}
            onlyRenderProperties
            basePath={tableField?.address}
            filterProperties={(_, name) => !slotNames.has(String(name)) && !toolbarNames.has(String(name))}
          />
        </div>
      )}
      <div className="ipm-table-toolbar">
        <div className="ipm-table-heading">
          {props.title && <Typography.Text strong>{props.title}</Typography.Text>}
          {props.summary && data !== undefined && <Typography.Text type="secondary">{fillTemplate(props.summary, data)}</Typography.Text>}
        </div>
        <Space>
          {fieldSchema && toolbarNames.size > 0 && (
            <TableSelectionContext.Provider value={selection}>
              <div className="ipm-table-toolbar-slots">
                <RecursionField
                  schema={fieldSchema}
                  onlyRenderProperties
                  basePath={tableField?.address}
                  filterProperties={(_, name) => toolbarNames.has(String(name))}
                />
              </div>
            </TableSelectionContext.Provider>
          )}
          {headerButtons.map((b) => (
            <Button
              key={b.label}
              type={b.primary ? 'primary' : 'default'}
              danger={b.danger}
              loading={busy === `header:${b.label}`}
              onClick={() => void runHeaderButton(b)}
            >
              {b.label}
            </Button>
          ))}
          {custom.toolbar({ rows: [...selected.values()], selectable: Boolean(selectionColumn) })}
          <Tooltip title="刷新">
            <Button aria-label="刷新" icon={<ReloadOutlined spin={isValidating && !isLoading} />} onClick={() => void refresh()} />
          </Tooltip>
          <Tooltip title="列表设置">
            <Button
              aria-label="列表设置"
              icon={<SettingOutlined />}
              onClick={() => {
                setSettingsUsed(true);
                setSettingsOpen(true);
              }}
            />
          </Tooltip>
        </Space>
      </div>
      {selectionColumn && selected.size > 0 && (
        <div className="ipm-table-selection" role="status">
          <Typography.Text>已选 {selected.size} 项</Typography.Text>
          <Button type="link" size="small" onClick={() => setSelected(new Map())}>
            取消选择
          </Button>
        </div>
      )}
      <rowWindow.Provider value={rowWindow.context}>
        <Table<Row>
          rowKey={idOf}
          size="middle"
          loading={isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          virtual={virtual && !windowed}
          components={windowed ? WINDOWED_COMPONENTS : undefined}
          tableLayout="fixed"
          scroll={virtual ? { x: scrollWidth, y: virtualHeight } : { x: scrollWidth }}
          rowSelection={rowSelection}
          expandable={expandable}
          locale={{ emptyText: '暂无数据' }}
          onChange={(_, __, sorter, extra) => {
            if (extra.action !== 'sort') return;
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const column = permitted.find((c) => c.prop === String(s?.columnKey));
            const keys = s?.order && column ? [{ key: column.sortKey ?? column.prop, ascending: s.order === 'ascend' }] : [];
            // On a page's query, a sort bar there shows the column's sort too; the list goes back to its first page.
            query.setSort(keys);
          }}
        />
      </rowWindow.Provider>
      {total > 0 && (
        <PaginationBar
          pageNo={page.pageNo}
          pageSize={page.pageSize}
          total={total}
          capped={capped}
          pageSizes={pageSizes}
          onChange={(pageNo, pageSize) => setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize })}
        />
      )}
      {overlay && (
        <SchemaOverlay
          spec={overlay.dialog}
          record={overlay.row}
          requestExtra={{ [overlay.button.idParam ?? 'id']: overlay.row[rowKey] }}
          onSubmitted={() => refresh().then(() => undefined)}
          onClose={() => setOverlay(null)}
        />
      )}
      {settingsUsed && (
        <ColumnSettingsDrawer
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          labels={Object.fromEntries(configurable.map((c) => [c.prop, c.label]))}
          settings={settings}
          onChange={save}
          onReset={() => save(null)}
        />
      )}
    </div>
  );
}
