import { App, Button, Progress, Space, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { BrandExportRecord, ExportRecordStatusProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { saveBlob } from '../../runtime/saveBlob.js';
import { useExportProgress } from './useExportProgress.js';

/** Saves an export's file under its own name. */
export function useExportDownload() {
  const runtime = useRuntime();
  const { message } = App.useApp();
  return async (record: BrandExportRecord) => {
    if (!record.filePath) return;
    message.warning('开始下载，请稍候');
    try {
      saveBlob(await runtime.callOperation('file.download', { path: record.filePath }), record.fileName);
    } catch {
      message.error('文件下载失败，请稍后重试');
    }
  };
}

/** The state of one export as it stands: progress while it runs, the download once done, the reason if it failed. */
export function ExportRecordView({ record }: { record: BrandExportRecord }) {
  const download = useExportDownload();
  if (record.status === 'running') {
    return (
      <div style={{ minWidth: 160 }}>
        <Progress percent={record.progress} size="small" status="active" />
        <Typography.Text type="secondary">
          {record.rowCount === 0
            ? '正在统计符合条件的商标'
            : `正在导出 ${record.processedRows.toLocaleString('zh-CN')} / ${record.rowCount.toLocaleString('zh-CN')}`}
        </Typography.Text>
      </div>
    );
  }
  if (record.status === 'failed') {
    return (
      <Space direction="vertical" size={0}>
        <Tag color="red">失败</Tag>
        <Typography.Text type="secondary">{record.message}</Typography.Text>
      </Space>
    );
  }
  return (
    <Space>
      <Tag color="green">{record.statusText}</Tag>
      <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download(record)}>
        下载
      </Button>
    </Space>
  );
}

/** One export record, kept current while it runs (the slot of the export records table). */
export function ExportRecordStatus({ record: given, pollMs = 1500 }: ExportRecordStatusProps) {
  const record = useExportProgress((given as BrandExportRecord | undefined) ?? null, pollMs);
  return record ? <ExportRecordView record={record} /> : null;
}
