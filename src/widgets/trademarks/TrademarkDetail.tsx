import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Space, Table, Typography } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider, Schema, type ISchema } from '@formily/react';
import type { FormilyNode, Trademark, TrademarkDetailProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { expressionScope, useRuntime } from '../../runtime/runtimeContext.js';
import { useSchemaField } from '../../runtime/schemaFieldContext.js';
import { pruneByPermission } from '../../runtime/pruneByPermission.js';
import { FallbackImage } from '../../runtime/components/FallbackImage.js';
import { CountryName } from '../countries/index.js';
import { GoodsGroupList } from './GoodsGroupList.js';
import { TrademarkStatusTag } from './TrademarkStatusTag.js';
import { TrademarkEditButton } from './TrademarkEditButton.js';
import { SimilarGoodsButton } from './SimilarGoodsButton.js';
import { classText, detailPath, markName } from './trademarkText.js';
import { detailValues } from './trademarkDetailValues.js';
import './trademarks.css';
import { ForwardButton } from '../messages/index.js';

/** The form whose sections the detail shows: schemas/forms/trademark-detail.json, or the organisation's published version. */
export const TRADEMARK_DETAIL_FORM = 'trademarkDetail';

/** The field sections of the detail form: `mark` beside the image, `record` in 档案信息. */
type Section = 'mark' | 'record';

/** Each section of the form as a schema of its own, compiled once per published version, without what the user may not see. */
function useSections(form: FormilyNode | undefined, permissions: ReadonlySet<string>): Partial<Record<Section, Schema>> {
  return useMemo(() => {
    const permitted = form ? pruneByPermission(form, permissions) : null;
    const sections: Partial<Record<Section, Schema>> = {};
    for (const name of ['mark', 'record'] as const) {
      const node = permitted?.properties?.[name];
      if (node) sections[name] = new Schema({ type: 'object', properties: { [name]: node } } as ISchema);
    }
    return sections;
  }, [form, permissions]);
}

/** The id of the mark to show: given, or found by application number and class (/onlyTrademark). */
function useMarkId(
  id: TrademarkDetailProps['id'],
  appNo: string | undefined,
  tmCl: TrademarkDetailProps['tmCl'],
): { markId: number | null; searching: boolean } {
  const numeric = Number(id);
  const byNumber = !(numeric > 0) && Boolean(appNo);
  const cls = Number(tmCl);
  const { data, isLoading } = useOperation(
    'brandArchives.queryBrandPage',
    byNumber ? { appNo, searchType: 1, ...(cls >= 1 && cls <= 45 ? { tmCl: [cls] } : {}), pageSize: 1 } : null,
  );
  if (numeric > 0) return { markId: numeric, searching: false };
  return { markId: data?.list[0]?.id ?? null, searching: byNumber && isLoading };
}

/**
 * A mark's detail (spec 000 §3 "Brand detail"): image, name, status, class, numbers, applicant,
 * country, submission way, dates with the grace end, goods by similar group, the same-name family;
 * 编辑 opens the trademark info dialog, 类似商品 the similar-goods dialog. `variant: "record"` shows
 * the archive record's own fields as well (source, owner, remark, overseas fields). The node's
 * child nodes (a mark's official documents, say) follow, once the mark is there to be seen: a
 * mark that is missing or not the viewer's shows its message alone.
 */
export function TrademarkDetail({ id, appNo, tmCl, variant = 'mark', children }: TrademarkDetailProps & { children?: ReactNode }) {
  const runtime = useRuntime();
  const SchemaField = useSchemaField();
  const { markId, searching } = useMarkId(id, appNo, tmCl);
  const { data, error, isLoading } = useOperation('brandArchives.queryBrandDetailList', markId ? { id: markId } : null);
  const definition = useOperation('schema.getForm', { name: TRADEMARK_DETAIL_FORM });
  const sections = useSections(definition.data?.form.schema as FormilyNode | undefined, runtime.permissions);
  // The sections read the mark's fields from a form of their own, shown read-only.
  const fields = useMemo(() => createForm({ values: data ? detailValues(data.detailVo) : {}, readPretty: true }), [data]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const scope = useMemo(() => expressionScope(runtime), [runtime.user, runtime.permissions, runtime.query]);
  if (searching || isLoading || definition.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!markId) return <Empty description={appNo ? `商标档案中没有申请号 ${appNo} 的商标` : '缺少商标编号'} />;
  if (error || !data) return <Alert type="error" showIcon message={error?.message ?? '商标不存在或无权查看'} />;
  const { record, brandCGInfo, family } = data.detailVo;
  // Each section in the detail's own read-only form; the node's children stay in the page's form.
  const section = (name: Section) =>
    definition.error ? (
      <Alert type="error" showIcon message={definition.error.message} />
    ) : (
      sections[name] && (
        <FormProvider form={fields}>
          <SchemaField schema={sections[name] as ISchema} scope={scope} />
        </FormProvider>
      )
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="tm-detail">
      <Card
        title={
          <Space>
            <span className="tm-detail-name">{markName(record)}</span>
            {record.tmStatus && <TrademarkStatusTag value={record.tmStatus} />}
          </Space>
        }
        extra={
          <Space>
            {variant === 'mark' ? (
              <Button onClick={() => runtime.navigate(`/brandManage/brandRecord/recordDetail?id=${record.id}`)}>档案详情</Button>
            ) : (
              <Button onClick={() => runtime.navigate(detailPath(record.id))}>商标详情</Button>
            )}
            <SimilarGoodsButton record={record} />
            <ForwardButton kind="mark" objectId={record.id} />
            <TrademarkEditButton record={record} mode="edit" label="编辑" primary />
          </Space>
        }
      >
        <div className="tm-detail-head">
          <FallbackImage width={160} height={160} style={{ objectFit: 'contain' }} src={record.tmLogoUrl ?? undefined} alt={markName(record)} />
          {section('mark')}
        </div>
      </Card>
      {variant === 'record' && sections.record && (
        <Card title="档案信息" size="small">
          {section('record')}
        </Card>
      )}
      <Card title="商品/服务项目" size="small">
        <GoodsGroupList groups={brandCGInfo} />
      </Card>
      <Card title={`同名商标（${family.length}）`} size="small">
        <Table<Trademark>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={family}
          locale={{ emptyText: '暂无数据' }}
          columns={[
            {
              title: '商标名称',
              dataIndex: 'tmName',
              render: (_, mark) => <Typography.Link onClick={() => runtime.navigate(detailPath(mark.id))}>{markName(mark)}</Typography.Link>,
            },
            { title: '类别', dataIndex: 'tmCl', render: (v: number | null) => classText(v) },
            { title: '申请号', dataIndex: 'appNo' },
            { title: '商标状态', dataIndex: 'tmStatus', render: (v: string) => <TrademarkStatusTag value={v} /> },
            { title: '申请人', dataIndex: 'applicant' },
            { title: '国家/地区', dataIndex: 'countryCode', render: (v: string) => <CountryName value={v} /> },
          ]}
        />
      </Card>
      {children}
    </Space>
  );
}
