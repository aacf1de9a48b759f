import { useEffect, useMemo } from 'react';
import { Button, Checkbox, Col, Row, Skeleton, Space, Typography } from 'antd';
import { RecursionField, useField, useFieldSchema, type ISchema } from '@formily/react';
import type { GeneralField } from '@formily/core';
import type { BrandArchivesQueryBrandPageResponse, Trademark, TrademarkCardListProps } from '../../generated/types.js';
import { useNamedOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { PaginationBar } from '../../runtime/blocks/PaginationBar.js';
import { EmptyState } from '../../runtime/blocks/EmptyState.js';
import { RowFragment, useFragmentForm } from '../../runtime/blocks/table/RowFragment.js';
import { clampPage } from '../../runtime/blocks/table/paging.js';
import { TableSelectionContext, type TableSelection } from '../../runtime/blocks/table/tableSelection.js';
import { useSelectedRows } from '../../runtime/useSelectedRows.js';
import { useBlockQuery, useQueryPaging, useQueryRequest, useQueryValue } from '../../runtime/pageQueries.js';
import { TrademarkCard } from './TrademarkCard.js';
import { TrademarkEditButton } from './TrademarkEditButton.js';
import { useDeleteMarks } from './useDeleteMarks.js';
import { useRefreshArchive } from './refreshArchive.js';
import { detailPath } from './trademarkText.js';

/**
 * The archive as cards: the same request as the table on the page's query (filter bar and sort bar),
 * a checkbox per card kept across pages, 本页全选, 批量删除 after confirmation, and the pagination bar.
 * The selection is the query's, shared with the table on it: a mark ticked here is ticked there.
 * `tagsSlot` and `customFieldsSlot` name fragments under this node rendered on each card with `$record`;
 * `toolbarSlots` name fragments shown beside 批量删除 that act on the selection (as a table's do).
 */
export function TrademarkCardList({
  channel,
  pageSize: defaultPageSize = 20,
  operation = 'brandArchives.queryBrandPage',
  tagsSlot,
  customFieldsSlot,
  toolbarSlots,
}: TrademarkCardListProps) {
  const runtime = useRuntime();
  const remove = useDeleteMarks();
  const query = useBlockQuery(channel);
  const request = useQueryRequest(query);
  const [page, setPage] = useQueryPaging(query, defaultPageSize);
  const [selected, setSelected] = useSelectedRows(channel);
  const conditions = useQueryValue(query, 'conditions');
  // A preselection (the regNo parameter) arrives as the ids condition: those marks start checked.
  const preselected = Array.isArray(request.ids) ? (request.ids as number[]) : null;
  const { data, isLoading } = useNamedOperation<BrandArchivesQueryBrandPageResponse>(operation, { ...request, ...page });
  const rows = useMemo(() => data?.list ?? [], [data]);
  const total = data?.count ?? 0;
  useEffect(() => {
    if (!preselected || !data) return;
    setSelected(new Map(rows.filter((r) => preselected.includes(r.id)).map((r) => [r.id, r as unknown as Record<string, unknown>])));
    // Only when a new preselection's list arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, preselected?.join(',')]);
  useEffect(() => {
    if (data === undefined) return;
    const pageNo = clampPage(page.pageNo, page.pageSize, total);
    if (pageNo !== page.pageNo) setPage({ pageNo, pageSize: page.pageSize });
  }, [data, total, page.pageNo, page.pageSize, setPage]);

  const fieldSchema = useFieldSchema() as ReturnType<typeof useFieldSchema> | undefined;
  const fragmentForm = useFragmentForm();
  const fragment = (name: string | undefined) => (name ? (fieldSchema?.properties?.[name]?.toJSON() as ISchema | undefined) : undefined);
  const tags = useMemo(() => fragment(tagsSlot), [fieldSchema, tagsSlot]); // eslint-disable-line react-hooks/exhaustive-deps
  const customFields = useMemo(() => fragment(customFieldsSlot), [fieldSchema, customFieldsSlot]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = (mark: Trademark, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(mark.id, mark as unknown as Record<string, unknown>);
      else next.delete(mark.id);
      return next;
    });
  const pageAll = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const pageSome = rows.some((r) => selected.has(r.id));
  const deleteSelected = async () => {
    if (await remove([...selected.keys()].map(Number))) setSelected(new Map());
  };
  const deleteOne = (id: number) => void remove([id]);
  const refreshList = useRefreshArchive();
  const field = useField() as GeneralField | undefined;
  const slots = useMemo(() => new Set(toolbarSlots ?? []), [toolbarSlots]);
  const selection = useMemo<TableSelection>(
    () => ({ rows: [...selected.values()], rowKey: 'id', conditions, clear: () => setSelected(new Map()), refresh: refreshList }),
    [selected, conditions, setSelected, refreshList],
  );

  return (
    <div className="tm-card-list" data-testid="tm-card-list">
      <div className="tm-archive-toolbar">
        <Space wrap>
          <Checkbox checked={pageAll} indeterminate={!pageAll && pageSome} onChange={(e) => rows.forEach((r) => toggle(r, e.target.checked))}>
            本页全选
          </Checkbox>
          {selected.size > 0 && (
            <>
              <Typography.Text>已选 {selected.size} 项</Typography.Text>
              <Button size="small" type="link" onClick={() => setSelected(new Map())}>
                取消选择
              </Button>
            </>
          )}
          <Button danger onClick={() => void deleteSelected()}>
            批量删除
          </Button>
          {fieldSchema && slots.size > 0 && (
            <TableSelectionContext.Provider value={selection}>
              <div className="tm-card-toolbar-slots">
                <RecursionField schema={fieldSchema} onlyRenderProperties basePath={field?.address} filterProperties={(_, name) => slots.has(String(name))} />
              </div>
            </TableSelectionContext.Provider>
          )}
        </Space>
      </div>
      {isLoading && !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 ? (
        <EmptyState description="暂无商标" />
      ) : (
        <Row gutter={[16, 16]}>
          {rows.map((mark, index) => (
            <Col key={mark.id} xs={24} sm={12} lg={8} xxl={6}>
              <TrademarkCard
                record={mark}
                checked={selected.has(mark.id)}
                onCheck={(on) => toggle(mark, on)}
                tags={
                  tags ? (
                    <RowFragment form={fragmentForm} name={tagsSlot!} schema={tags} row={mark as unknown as Record<string, unknown>} index={index} />
                  ) : undefined
                }
                customFields={
                  customFields ? (
                    <RowFragment
                      form={fragmentForm}
                      name={customFieldsSlot!}
                      schema={customFields}
                      row={mark as unknown as Record<string, unknown>}
                      index={index}
                    />
                  ) : undefined
                }
                actions={[
                  <Button key="detail" type="link" size="small" onClick={() => runtime.navigate(detailPath(mark.id))}>
                    详情
                  </Button>,
                  <TrademarkEditButton key="edit" record={mark} link label="编辑" />,
                  <Button key="delete" type="link" size="small" danger onClick={() => deleteOne(mark.id)}>
                    删除
                  </Button>,
                ]}
              />
            </Col>
          ))}
        </Row>
      )}
      {total > 0 && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
          <PaginationBar
            pageNo={page.pageNo}
            pageSize={page.pageSize}
            total={total}
            onChange={(pageNo, pageSize) => setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize })}
          />
        </div>
      )}
    </div>
  );
}
