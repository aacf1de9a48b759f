import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useOperation } from '../useOperation.js';
import { useRuntime } from '../runtimeContext.js';
import { confirmOptions, showNotice, type ConfirmSpec } from '../confirmDialog.js';
import { readPath } from './readPath.js';
import { PaginationBar, PAGE_SIZES } from './PaginationBar.js';
import { ColumnSettingsDrawer } from './ColumnSettingsDrawer.js';
import { useColumnSettings } from './useColumnSettings.js';
import { FallbackImage } from '../components/FallbackImage.js';
import { ThumbnailCell } from '../components/ThumbnailCell.js';
import { currentQuery, currentSort, publishSort, runtimeBus, type SortKeyEvent } from '../bus.js';
import type { UploadedFile } from '../../generated/types.js';
import { sortRequest } from './sortPresets.js';
import { SchemaOverlay, type OverlaySpec } from './SchemaOverlay.js';

export interface TableColumn {
  prop: string;
  label: string;
  type?: 'index' | 'text' | 'number' | 'date' | 'datetime' | 'select' | 'image' | 'thumbnails' | 'operation';
  width?: number;
  fixed?: 'left' | 'right';
  sortable?: boolean;
  /** Dropped unless the user holds this permission key. */
  permission?: string;
  /** For `select`: stored value → text shown. */
  options?: Record<string, string>;
}

export interface TableButton {
  label: string;
  /** Called with the row's id; a button may instead open a dialog or drawer. */
  operation?: string;
  /** Opened with the row as `$record`; a form in it is sent with the row's id. */
  dialog?: OverlaySpec;
  permission?: string;
  idParam?: string;
  confirm?: ConfirmSpec;
  danger?: boolean;
  successMessage?: string;
  /** A notice after success, e.g. one that closes itself after three seconds. */
  successDialog?: ConfirmSpec;
  /** Shown only when the row's field equals this value. */
  visibleWhen?: { field: string; equals: unknown };
}

export interface GenericTableProps {
  operation: string;
  body?: Record<string, unknown>;
  /** Names this table's saved column settings. */
  tableKey: string;
  title?: string;
  listPath?: string;
  countPath?: string;
  rowKey?: string;
  columns: TableColumn[];
  rowButtons?: TableButton[];
  pageSizes?: number[];
  defaultPageSize?: number;
  /** The filter bar channel whose conditions are added to the request; a sort bar on it sets the sort. */
  queryChannel?: string;
  /** Request fields that carry the sorted keys and their directions (comma-joined when several). */
  sortFieldParam?: string;
  sortOrderParam?: string;
}

type Row = Record<string, unknown>;

function cellText(column: TableColumn, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '--';
  switch (column.type) {
    case 'date':
      return dayjs(String(value)).format('YYYY-MM-DD');
    case 'datetime':
      return dayjs(String(value)).format('YYYY-MM-DD HH:mm');
    case 'number':
      return Number(value).toLocaleString('zh-CN');
    case 'select':
      return <Tag>{column.options?.[String(value)] ?? String(value)}</Tag>;
    case 'image':
      return <FallbackImage width={48} height={48} src={String(value)} />;
    case 'thumbnails':
      return <ThumbnailCell value={value as UploadedFile[]} />;
    default:
      return (
        <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: column.width ?? 240 }}>
          {String(value)}
        </Typography.Text>
      );
  }
}

/**
 * The generic table: rows from one operation, paged by the pagination bar, sortable columns that
 * re-fetch, per-column and per-button permissions, row buttons that may ask first, a refresh
 * button, and 列表设置 remembered per user.
 */
export function GenericTable(props: GenericTableProps) {
  const { operation, tableKey, listPath = 'list', countPath = 'count', rowKey = 'id', pageSizes = PAGE_SIZES } = props;
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const [page, setPage] = useState({ pageNo: 1, pageSize: props.defaultPageSize ?? pageSizes[0] });
  // Several keys only come from a sort bar; a column header sorts by one.
  const [sort, setSort] = useState<SortKeyEvent[]>(() => (props.queryChannel ? currentSort(props.queryChannel) : []));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<{ button: TableButton & { dialog: OverlaySpec }; row: Row } | null>(null);
  const [conditions, setConditions] = useState<Record<string, unknown>>(() => (props.queryChannel ? currentQuery(props.queryChannel) : {}));

  useEffect(() => {
    if (!props.queryChannel) return;
    const onQuery = ({ channel, values }: { channel: string; values: Record<string, unknown> }) => {
      if (channel !== props.queryChannel) return;
      setConditions(values);
      setPage((p) => ({ ...p, pageNo: 1 }));
    };
    const onSort = ({ channel, keys }: { channel: string; keys: SortKeyEvent[] }) => {
      if (channel !== props.queryChannel) return;
      setSort(keys);
      setPage((p) => ({ ...p, pageNo: 1 }));
    };
    runtimeBus.on('query', onQuery);
    runtimeBus.on('sort', onSort);
    // A filter bar that mounted first may have published already.
    setConditions(currentQuery(props.queryChannel));
    return () => {
      runtimeBus.off('query', onQuery);
      runtimeBus.off('sort', onSort);
    };
  }, [props.queryChannel]);

  const sorted = sortRequest(sort);
  const sortBody = sorted ? { [props.sortFieldParam ?? 'sortField']: sorted.sortField, [props.sortOrderParam ?? 'sortType']: sorted.sortType } : {};
  const { data, isLoading, isValidating, mutate } = useOperation<unknown>(operation, { ...props.body, ...conditions, ...sortBody, ...page });
  const rows = (readPath(data, listPath) as Row[] | undefined) ?? [];
  const total = Number(readPath(data, countPath) ?? rows.length);

  const permitted = useMemo(() => props.columns.filter((c) => !c.permission || runtime.permissions.has(c.permission)), [props.columns, runtime.permissions]);
  const configurable = useMemo(() => permitted.filter((c) => c.type !== 'index' && c.type !== 'operation'), [permitted]);
  const { settings, save } = useColumnSettings(tableKey, configurable);
  const buttons = (props.rowButtons ?? []).filter((b) => !b.permission || runtime.permissions.has(b.permission));

  const runButton = async (button: TableButton, row: Row) => {
    if (button.dialog) return setOverlay({ button: { ...button, dialog: button.dialog }, row });
    if (!button.operation) return;
    if (button.confirm) {
      const confirmed = await new Promise<boolean>((resolve) => modal.confirm(confirmOptions(button.confirm!, resolve)));
      if (!confirmed) return;
    }
    const key = `${button.label}:${String(row[rowKey])}`;
    setBusy(key);
    try {
      await runtime.callOperation(button.operation, { [button.idParam ?? 'id']: row[rowKey] });
      if (button.successMessage) runtime.notify('success', button.successMessage);
      if (button.successDialog) showNotice(modal, button.successDialog);
      await mutate();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(null);
    }
  };

  const byProp = new Map(permitted.map((c) => [c.prop, c]));
  const ordered = settings.filter((s) => s.isShow).map((s) => ({ column: byProp.get(s.prop)!, fixed: s.fixed }));
  const columns: TableColumnsType<Row> = [
    ...permitted
      .filter((c) => c.type === 'index')
      .map((c) => ({ key: c.prop, title: c.label, width: c.width ?? 64, fixed: 'left' as const, render: (_: unknown, __: Row, i: number) => (page.pageNo - 1) * page.pageSize + i + 1 })),
    ...ordered.map(({ column, fixed }) => ({
      key: column.prop,
      dataIndex: column.prop.split('.'),
      title: column.label,
      width: column.width,
      fixed,
      sorter: column.sortable,
      sortOrder: sort.length === 1 && sort[0]!.key === column.prop ? (sort[0]!.ascending ? ('ascend' as const) : ('descend' as const)) : null,
      render: (value: unknown) => cellText(column, value),
    })),
    ...(buttons.length > 0
      ? [
          {
            key: 'operation',
            title: '操作',
            fixed: 'right' as const,
            width: 80 * buttons.length,
            render: (_: unknown, row: Row) => (
              <Space size={0}>
                {buttons
                  .filter((b) => !b.visibleWhen || readPath(row, b.visibleWhen.field) === b.visibleWhen.equals)
                  .map((b) => (
                    <Button key={b.label} type="link" size="small" danger={b.danger} loading={busy === `${b.label}:${String(row[rowKey])}`} onClick={() => runButton(b, row)}>
                      {b.label}
                    </Button>
                  ))}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="ipm-generic-table">
      <div className="ipm-table-toolbar">
        <Typography.Text strong>{props.title}</Typography.Text>
        <Space>
          <Tooltip title="刷新">
            <Button aria-label="刷新" icon={<ReloadOutlined spin={isValidating && !isLoading} />} onClick={() => mutate()} />
          </Tooltip>
          <Tooltip title="列表设置">
            <Button aria-label="列表设置" icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} />
          </Tooltip>
        </Space>
      </div>
      <Table<Row>
        rowKey={(row) => String(row[rowKey])}
        size="middle"
        loading={isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无数据' }}
        onChange={(_, __, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const keys = s?.order && s.columnKey ? [{ key: String(s.columnKey), ascending: s.order === 'ascend' }] : [];
          // On a channel, a sort bar there shows the column's sort too.
          if (props.queryChannel) publishSort(props.queryChannel, keys);
          else setSort(keys);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
      />
      {total > 0 && (
        <PaginationBar
          pageNo={page.pageNo}
          pageSize={page.pageSize}
          total={total}
          pageSizes={pageSizes}
          onChange={(pageNo, pageSize) => setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize })}
        />
      )}
      {overlay && (
        <SchemaOverlay
          spec={overlay.button.dialog}
          record={overlay.row}
          requestExtra={{ [overlay.button.idParam ?? 'id']: overlay.row[rowKey] }}
          onSubmitted={() => mutate().then(() => undefined)}
          onClose={() => setOverlay(null)}
        />
      )}
      <ColumnSettingsDrawer
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        labels={Object.fromEntries(configurable.map((c) => [c.prop, c.label]))}
        settings={settings}
        onChange={save}
        onReset={() => save(null)}
      />
    </div>
  );
}
