import { useEffect, useState } from 'react';
import { App, Badge, Button, Empty, Input, List, Space, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useNamedOperation } from '../useOperation.js';
import { takesPage } from '../pagedOperation.js';
import { useDebounced } from '../useDebounced.js';
import { useRuntime } from '../runtimeContext.js';
import { fillTemplate, readPath } from './readPath.js';
import { askConfirm } from '../confirmDialog.js';
import { RichTextView } from '../components/RichTextView.js';
import type { OperationListProps } from '../../generated/types.js';

/** A button on each item or above the list that calls an operation. */
type ListAction = NonNullable<OperationListProps['itemAction']>;

const SEARCH_DEBOUNCE_MS = 300;

type Item = Record<string, unknown> & { id?: number | string };

/** A list of records from one operation: paging, links, read marks and per-item or whole-list actions. */
export function OperationList(props: OperationListProps) {
  const { operation, listPath = 'list', countPath = 'count', pageSize = 10 } = props;
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const [pageNo, setPageNo] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts from the first page.
  useEffect(() => setPageNo(1), [search]);
  const searchBody = props.searchField && search ? { [props.searchField]: search } : {};
  const paging = takesPage(operation) ? { pageNo, pageSize } : {};
  const { data, isLoading, mutate } = useNamedOperation<unknown>(operation, { ...props.body, ...searchBody, ...paging });
  const items = (readPath(data, listPath) as Item[] | undefined) ?? [];
  const total = Number(readPath(data, countPath) ?? items.length);

  /** Calls the action's undo with the same body: the item as it was before. */
  const undo = async (action: ListAction, body: Record<string, unknown>, item: Item | null) => {
    const { undo: reverse } = action;
    if (!reverse) return;
    try {
      await runtime.callNamedOperation(reverse.operation, body);
      runtime.notify('success', fillTemplate(reverse.successMessage ?? '已撤销', item ?? {}));
      await mutate();
    } catch {
      // The HTTP client has shown why.
    }
  };

  const run = async (action: ListAction, body: Record<string, unknown>, key: string, item: Item | null = null) => {
    if (action.confirm) {
      const confirmed = await askConfirm(modal, action.confirm!);
      if (!confirmed) return;
    }
    setBusy(key);
    try {
      await runtime.callNamedOperation(action.operation, body);
      const text = fillTemplate(action.successMessage ?? '', item ?? {});
      if (action.undo) runtime.notify('success', text || '操作成功', { label: action.undo.label ?? '撤销', run: () => void undo(action, body, item) });
      else if (text) runtime.notify('success', text);
      await mutate();
    } catch {
      // The HTTP client has shown why.
    } finally {
      setBusy(null);
    }
  };

  const header = props.summary || props.headerAction;
  return (
    <>
      {props.searchField && (
        <Input.Search
          allowClear
          className="ipm-list-search"
          placeholder={props.searchPlaceholder ?? '搜索'}
          aria-label={props.searchPlaceholder ?? '搜索'}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      )}
      {header && (
        <div className="ipm-list-header">
          <Typography.Text type="secondary">{props.summary && data ? fillTemplate(props.summary, data) : ''}</Typography.Text>
          {props.headerAction && (
            <Button size="small" type="link" loading={busy === 'header'} onClick={() => run(props.headerAction!, props.headerAction!.body ?? {}, 'header')}>
              {props.headerAction.label}
            </Button>
          )}
        </div>
      )}
      <List<Item>
        loading={isLoading}
        dataSource={items}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText ?? '暂无数据'} /> }}
        pagination={total > pageSize ? { current: pageNo, pageSize, total, size: 'small', onChange: setPageNo, showTotal: (n) => `共 ${n} 条` } : false}
        renderItem={(item) => {
          const title = props.titleField ? String(readPath(item, props.titleField) ?? '') : '';
          const html = props.htmlField ? readPath(item, props.htmlField) : null;
          const link = props.linkField ? (readPath(item, props.linkField) as string | null) : null;
          const unread = props.readField ? !readPath(item, props.readField) : false;
          const alert = props.alertField ? Boolean(readPath(item, props.alertField)) : false;
          const time = props.timeField ? (readPath(item, props.timeField) as string | null) : null;
          const action = props.itemAction;
          const showAction = action && !(action.hideWhen && readPath(item, action.hideWhen));
          return (
            <List.Item
              key={String(item.id)}
              actions={
                showAction
                  ? [
                      <Button
                        key="action"
                        size="small"
                        type="link"
                        danger={action.danger}
                        loading={busy === String(item.id)}
                        onClick={() => run(action, { [action.idParam ?? 'id']: action.idParam === 'ids' ? [item.id] : item.id }, String(item.id), item)}
                      >
                        {action.label}
                      </Button>,
                    ]
                  : undefined
              }
            >
              <List.Item.Meta
                title={
                  (props.titleField || props.readField || alert) && (
                    <Space size={6}>
                      {props.readField && <Badge status={unread ? 'processing' : 'default'} />}
                      {link ? (
                        <Typography.Link onClick={() => runtime.navigate(link)} strong={unread}>
                          {title}
                        </Typography.Link>
                      ) : (
                        <Typography.Text strong={unread}>{title}</Typography.Text>
                      )}
                      {alert && <Tag color="error">{props.alertText ?? '已逾期'}</Tag>}
                    </Space>
                  )
                }
                description={
                  <>
                    {typeof html === 'string' && (
                      <div style={{ color: token.colorText }}>
                        <RichTextView html={html} />
                      </div>
                    )}
                    {props.descriptionField && <div>{String(readPath(item, props.descriptionField) ?? '')}</div>}
                    {props.timeField && <Typography.Text type="secondary">{time ? dayjs(time).format('YYYY-MM-DD HH:mm') : '无截止时间'}</Typography.Text>}
                  </>
                }
              />
            </List.Item>
          );
        }}
      />
    </>
  );
}
