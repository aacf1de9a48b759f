import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import type { ReportFilter, ReportsExportRequest } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { saveBlob } from '../../runtime/saveBlob.js';
import type { ChartInstance, ChartOption } from './echartsCore.js';
import { EChart } from './EChart.js';

/** The filters each report takes, as the page says them. */
export const FILTERS_OF: Record<ReportsExportRequest['report'], string> = {
  portfolio: '适用筛选：申请日期、申请人、类别、国家/地区',
  years: '适用筛选：注册/到期日期、申请人、类别、国家/地区',
  deadlines: '不受筛选条件影响：从今天起 12 个月',
  cases: '适用筛选：创建日期、国家/地区',
  approvals: '适用筛选：决定日期',
  fees: '适用筛选：发布日期、国家/地区',
};

interface ChartCardProps {
  title: string;
  report: ReportsExportRequest['report'];
  filter: ReportFilter;
  loading: boolean;
  error?: Error;
  /** What the chart draws; null when there is nothing to draw. */
  option: ChartOption | null;
  emptyText: string;
  summary?: ReactNode;
  height?: number;
  testId: string;
}

/** A chart in a card: its title, which filters it takes, its picture and its data to download, and its loading and empty states. */
export function ChartCard({ title, report, filter, loading, error, option, emptyText, summary, height = 300, testId }: ChartCardProps) {
  const runtime = useRuntime();
  const chart = useRef<ChartInstance | null>(null);
  const [exporting, setExporting] = useState(false);
  const onReady = useCallback((c: ChartInstance | null) => {
    chart.current = c;
  }, []);
  const savePicture = async () => {
    if (!chart.current) return;
    const url = chart.current.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    saveBlob(await (await fetch(url)).blob(), `${title}.png`);
  };
  const saveData = async () => {
    setExporting(true);
    try {
      saveBlob(await runtime.callOperation('reports.export', { report, filter }, { silent: true }), `${title}.xlsx`);
    } finally {
      setExporting(false);
    }
  };
  const ready = !loading && !error && option !== null;
  return (
    <Card
      size="small"
      className="report-card"
      data-testid={testId}
      title={
        <Space direction="vertical" size={0}>
          <span>{title}</span>
          <Typography.Text type="secondary" className="report-filters">
            {FILTERS_OF[report]}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space size={4}>
          <Tooltip title="下载图片（PNG）">
            <Button size="small" icon={<DownloadOutlined />} disabled={!ready} onClick={() => void savePicture()}>
              图片
            </Button>
          </Tooltip>
          <Tooltip title="下载数据（.xlsx）">
            <Button size="small" icon={<FileExcelOutlined />} disabled={loading || Boolean(error)} loading={exporting} onClick={() => void saveData()}>
              数据
            </Button>
          </Tooltip>
        </Space>
      }
    >
      {summary && <div className="report-summary">{summary}</div>}
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} className="report-loading" />
      ) : error ? (
        <Alert type="error" showIcon message="读取失败" description={error.message} />
      ) : option === null ? (
        <Empty className="report-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ height, paddingTop: height / 4 }} />
      ) : (
        <EChart option={option} height={height} onReady={onReady} />
      )}
    </Card>
  );
}
