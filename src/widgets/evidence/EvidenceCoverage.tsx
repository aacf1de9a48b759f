import { useState } from 'react';
import { App, Alert, Button, Card, DatePicker, Descriptions, Empty, Popconfirm, Skeleton, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EvidenceCoverage as Coverage, UseEvidence } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useOperation } from '../../runtime/useOperation.js';
import { saveBlob } from '../../runtime/saveBlob.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { EVIDENCE_TYPE_TITLES, STATE_LOOK, editorPath, evidenceDate, idParam, useRefreshEvidence } from './evidenceLook.js';
import './evidence.css';

type GoodsRow = Coverage['goods'][number];

/** The goods × half-years grid: a covered cell counts its evidence, a gap is marked red. */
function CoverageGrid({ coverage }: { coverage: Coverage }) {
  const columns = [
    { title: '商品/服务', dataIndex: 'name', key: 'name', width: 200, fixed: 'left' as const },
    ...coverage.periods.map((period, index) => ({
      title: (
        <span className="evidence-period">
          {period.from}
          <br />至 {period.to}
        </span>
      ),
      key: `p${index}`,
      width: 120,
      render: (_: unknown, row: GoodsRow) => {
        const cell = row.cells[index]!;
        return cell.covered ? (
          <span className="evidence-covered" data-testid="coverage-cell">
            ✓ {cell.evidenceIds.length} 件证据
          </span>
        ) : (
          <span className="evidence-gap" data-testid="coverage-cell">
            缺口
          </span>
        );
      },
    })),
  ];
  if (coverage.goods.length === 0) return <Empty description="该商标没有登记商品/服务项目，无法检查覆盖" />;
  return (
    <Table size="small" rowKey="name" pagination={false} scroll={{ x: 200 + 120 * coverage.periods.length }} columns={columns} dataSource={coverage.goods} />
  );
}

/** The mark's evidence items, each to edit or delete. */
function EvidenceList({ brandId, onChanged }: { brandId: number; onChanged(): Promise<void> }) {
  const runtime = useRuntime();
  const list = useOperation('evidence.getLists', { brandId, pageNo: 1, pageSize: 100 });
  const remove = async (item: UseEvidence) => {
    try {
      await runtime.callOperation('evidence.delete', { id: item.id });
      runtime.notify('success', '删除成功');
      await onChanged();
    } catch {
      // The HTTP client showed why.
    }
  };
  return (
    <Table<UseEvidence>
      size="small"
      rowKey="id"
      loading={list.isLoading}
      pagination={false}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: '暂无证据' }}
      columns={[
        { title: '证据名称', dataIndex: 'title', width: 180 },
        { title: '类型', dataIndex: 'evidenceType', width: 110, render: (t: UseEvidence['evidenceType']) => EVIDENCE_TYPE_TITLES[t] },
        { title: '日期', key: 'date', width: 200, render: (_, e) => evidenceDate(e) },
        { title: '证明的商品', dataIndex: 'goods', render: (goods: string[]) => goods.join('、') },
        {
          title: '文件',
          dataIndex: 'files',
          width: 220,
          render: (files: UseEvidence['files']) => (
            <Space direction="vertical" size={0}>
              {files.map((f) => (
                <a key={f.filePath} href={`/api/file/download?path=${encodeURIComponent(f.filePath)}`} download={f.fileName}>
                  {f.fileName}
                </a>
              ))}
            </Space>
          ),
        },
        {
          title: '操作',
          key: 'actions',
          width: 120,
          render: (_, e) => (
            <Space>
              <Button type="link" size="small" onClick={() => runtime.navigate(editorPath({ id: e.id }))}>
                编辑
              </Button>
              <Popconfirm title={`确认要删除证据“${e.title}”吗？`} onConfirm={() => void remove(e)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}

/**
 * /brand/useEvidenceDetail: one mark's coverage over the three years before a reference date (a
 * 撤三 application's filing date; today by default), its gaps, its evidence and the bundle.
 */
export function EvidenceCoverage() {
  const runtime = useRuntime();
  const { message } = App.useApp();
  const brandId = idParam(runtime.query, 'brandId');
  const [referenceDate, setReferenceDate] = useState(chinaToday());
  const coverage = useOperation('evidence.coverage', brandId ? { brandId, referenceDate } : null);
  const refresh = useRefreshEvidence();
  const [bundling, setBundling] = useState(false);

  if (!brandId) return <Alert type="warning" showIcon message="请从使用证据列表选择一件商标" />;
  if (coverage.error) return <Alert type="error" showIcon message={coverage.error.message} />;
  const data = coverage.data;
  if (!data) return <Skeleton active />;

  const bundle = async () => {
    setBundling(true);
    void message.warning('下载即将开始，请稍候');
    try {
      saveBlob(await runtime.callOperation('evidence.bundle', { brandId }), `${data.tmName || '商标'}-使用证据.zip`);
    } catch {
      // The HTTP client showed why.
    } finally {
      setBundling(false);
    }
  };
  const look = STATE_LOOK[data.state];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="evidence-coverage">
      <Card
        size="small"
        title={`${data.tmName || '图形商标'} 的使用证据覆盖`}
        extra={
          <Space>
            <Button type="primary" onClick={() => runtime.navigate(editorPath({ brandId }))}>
              添加证据
            </Button>
            <Button loading={bundling} onClick={() => void bundle()}>
              下载证据包
            </Button>
            <a href="/brand/useEvidenceIllustrate" target="_blank" rel="noreferrer">
              证据清单说明
            </a>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="类别">{data.tmCl ?? '--'}</Descriptions.Item>
          <Descriptions.Item label="申请号">{data.appNo}</Descriptions.Item>
          <Descriptions.Item label="注册号">{data.regNo || '--'}</Descriptions.Item>
          <Descriptions.Item label="基准日（撤三申请日）">
            <DatePicker allowClear={false} value={dayjs(referenceDate)} onChange={(d) => d && setReferenceDate(d.format('YYYY-MM-DD'))} aria-label="基准日" />
          </Descriptions.Item>
          <Descriptions.Item label="覆盖状态">
            <Tag color={look.color} data-testid="coverage-state">
              {look.text}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="缺口">
            <span data-testid="gap-count">{data.gapCount}</span> 处
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          撤三（连续三年不使用撤销）看的是撤销申请提出前三年内的使用：以下按半年检查每个核定商品是否有注明日期、显示本商标的使用证据，标红的格子就是撤三会发现的缺口。
        </Typography.Paragraph>
        <CoverageGrid coverage={data} />
      </Card>
      <Card size="small" title="证据">
        <EvidenceList brandId={brandId} onChanged={refresh} />
      </Card>
    </Space>
  );
}
