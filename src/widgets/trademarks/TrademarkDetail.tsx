import type { ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Trademark, TrademarkDetailProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { FallbackImage } from '../../runtime/components/FallbackImage.js';
import { CountryName } from '../countries/index.js';
import { GoodsGroupList } from './GoodsGroupList.js';
import { TrademarkStatusTag } from './TrademarkStatusTag.js';
import { TrademarkEditButton } from './TrademarkEditButton.js';
import { SimilarGoodsButton } from './SimilarGoodsButton.js';
import { classText, DEFAULT_COUNTRY, DEFAULT_SUBMIT_WAY, detailPath, markName, orDash, SOURCE_LABELS } from './trademarkText.js';
import './trademarks.css';
import { FIELD_TITLES } from '../../generated/fieldTitles.js';

const TRADEMARK = FIELD_TITLES.Trademark;

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
  const { markId, searching } = useMarkId(id, appNo, tmCl);
  const { data, error, isLoading } = useOperation('brandArchives.queryBrandDetailList', markId ? { id: markId } : null);
  if (searching || isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!markId) return <Empty description={appNo ? `商标档案中没有申请号 ${appNo} 的商标` : '缺少商标编号'} />;
  if (error || !data) return <Alert type="error" showIcon message={error?.message ?? '商标不存在或无权查看'} />;
  const { record, brandCGInfo, family, register, ownerName } = data.detailVo;
  const item = (label: string, children: ReactNode) => ({ key: label, label, children });
  const dateItems = [
    item(TRADEMARK.appDate, orDash(record.appDate)),
    item(TRADEMARK.prelimDate, orDash(record.prelimDate)),
    item(TRADEMARK.regDate, orDash(record.regDate)),
    item(TRADEMARK.privateEndDate, orDash(record.privateEndDate)),
    item(TRADEMARK.graceEndDate, orDash(record.graceEndDate)),
  ];
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
            <TrademarkEditButton record={record} mode="edit" label="编辑" primary />
          </Space>
        }
      >
        <div className="tm-detail-head">
          <FallbackImage width={160} height={160} style={{ objectFit: 'contain' }} src={record.tmLogoUrl ?? undefined} alt={markName(record)} />
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              item('商标名称', markName(record)),
              item('当前状态', orDash(record.tmStatus)),
              item(TRADEMARK.oriTmStatus, orDash(record.oriTmStatus)),
              item('类别', classText(record.tmCl)),
              item(TRADEMARK.appNo, orDash(record.appNo)),
              item(TRADEMARK.regNo, orDash(record.regNo)),
              item(TRADEMARK.applicant, orDash(record.applicant)),
              item('国家/地区', <CountryName value={record.countryCode || DEFAULT_COUNTRY} />),
              item('申请方式', record.submitWay || DEFAULT_SUBMIT_WAY),
              item(TRADEMARK.tmType, orDash(record.tmType)),
              item(TRADEMARK.agent, orDash(record.agent)),
              item(TRADEMARK.applicantAddress, orDash(record.applicantAddress)),
              ...dateItems,
            ]}
          />
        </div>
      </Card>
      {variant === 'record' && (
        <Card title="档案信息" size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              item('来源', SOURCE_LABELS[record.source ?? 1] ?? '--'),
              item('负责人', orDash(ownerName)),
              item('公告库记录', register ? `已关联（${register.tmStatus}，更新于 ${register.updatedAt.slice(0, 10)}）` : '未关联'),
              item('创建时间', record.createdAt ? dayjs(record.createdAt).format('YYYY-MM-DD HH:mm') : '--'),
              item(TRADEMARK.applicantEn, orDash(record.applicantEn)),
              item(TRADEMARK.applicantAddressEn, orDash(record.applicantAddressEn)),
              item(TRADEMARK.agentEn, orDash(record.agentEn)),
              item(TRADEMARK.agentAddress, orDash(record.agentAddress)),
              item(TRADEMARK.agentAddressEn, orDash(record.agentAddressEn)),
              item(TRADEMARK.remark, orDash(record.remark)),
              // The English goods run long: a line of their own, worded like the other fields.
              { ...item('商品/服务项目（英文）', orDash(record.goodsItemsEn?.map((g) => `${g.code} ${g.name}`.trim()).join('；'))), span: 'filled' as const },
            ]}
          />
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
