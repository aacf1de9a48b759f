import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Progress, Radio, Result, Row, Space, Statistic, Steps, theme, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { BrandImportJob, BrandImportWizardProps, UploadedFile } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { saveBlob } from '../../runtime/saveBlob.js';
import { sendFile } from '../../runtime/upload/sendFile.js';
import { fileRefusal, type UploadRules } from '../../runtime/upload/uploadRules.js';
import { ImportIssueTable } from './ImportIssueTable.js';

const RULES: UploadRules = { purpose: 'spreadsheet', maxCount: 1 };
const RUNNING = new Set<BrandImportJob['status']>(['checking', 'importing']);
const RESUMABLE = new Set<BrandImportJob['status']>(['checking', 'checked', 'importing']);

/** Which of the four steps a job is at: template, upload, report, result. */
function stepOf(job: BrandImportJob | null): number {
  if (!job || job.status === 'cancelled') return job ? 1 : 0;
  if (job.status === 'checking') return 1;
  if (job.status === 'checked') return 2;
  return 3;
}

/**
 * Importing an existing portfolio from the template: upload, a report of every row the server
 * checked, then the import itself on confirmation. Nothing enters the archive before that.
 */
export function BrandImportWizard({ archivePath = '/brandManage/brandRecord', pollMs = 1000 }: BrandImportWizardProps) {
  const runtime = useRuntime();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [job, setJob] = useState<BrandImportJob | null>(null);
  const [uploading, setUploading] = useState(false);
  const [templateTaken, setTemplateTaken] = useState(false);
  const [existingMode, setExistingMode] = useState<'skip' | 'update'>('skip');
  const [acting, setActing] = useState(false);

  // An import in progress survives leaving the page: this tab remembers it until it ends.
  const storageKey = `ipm-brand-import:${runtime.user?.id ?? 0}`;
  useEffect(() => {
    const saved = Number(sessionStorage.getItem(storageKey));
    if (!saved) return;
    runtime
      .callOperation('brandImport.job', { id: saved })
      .then((found) => (RESUMABLE.has(found.status) ? setJob(found) : sessionStorage.removeItem(storageKey)))
      .catch(() => sessionStorage.removeItem(storageKey));
    // Only when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (job && RESUMABLE.has(job.status)) sessionStorage.setItem(storageKey, String(job.id));
    else sessionStorage.removeItem(storageKey);
  }, [job, storageKey]);

  // A running job is asked for its state until it leaves the running ones.
  useEffect(() => {
    if (!job || !RUNNING.has(job.status)) return;
    const timer = setTimeout(() => {
      runtime
        .callOperation('brandImport.job', { id: job.id })
        .then(setJob)
        .catch(() => undefined);
    }, pollMs);
    return () => clearTimeout(timer);
  }, [job, pollMs, runtime]);

  const downloadTemplate = async () => {
    try {
      saveBlob(await runtime.callOperation('brandImport.template', {}), '商标批量导入模板.xlsx');
      setTemplateTaken(true);
    } catch {
      message.error('模板下载失败，请稍后重试');
    }
  };

  const upload = async (file: File) => {
    const refusal = fileRefusal(file, RULES);
    if (refusal) {
      message.error(refusal);
      return;
    }
    setUploading(true);
    try {
      const stored = await sendFile(runtime.callNamedOperation, file, RULES);
      setJob(await runtime.callOperation('brandImport.check', { path: (stored as UploadedFile).path }));
    } catch {
      // The call has already said why.
    } finally {
      setUploading(false);
    }
  };

  const act = async (operation: 'brandImport.confirm' | 'brandImport.cancel') => {
    if (!job) return;
    setActing(true);
    try {
      const body = operation === 'brandImport.confirm' ? { id: job.id, existingMode } : { id: job.id };
      const next = await runtime.callNamedOperation<BrandImportJob>(operation, body);
      if (next.status === 'cancelled') {
        message.success('已取消导入，未写入任何商标');
        setJob(null);
      } else setJob(next);
    } catch {
      // The call has already said why.
    } finally {
      setActing(false);
    }
  };

  const downloadReport = async () => {
    if (!job?.reportPath) return;
    try {
      saveBlob(await runtime.callOperation('file.download', { path: job.reportPath }), `${job.fileName.replace(/\.xlsx$/i, '')}-校验结果.xlsx`);
    } catch {
      message.error('文件下载失败，请稍后重试');
    }
  };

  const restart = () => {
    setJob(null);
    setExistingMode('skip');
  };

  const current = stepOf(job) === 0 && templateTaken ? 1 : stepOf(job);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="brand-import">
      <Steps current={current} items={[{ title: '下载模板' }, { title: '上传表格' }, { title: '校验结果' }, { title: '导入完成' }]} />

      {(!job || job.status === 'cancelled') && (
        <Row gutter={16}>
          <Col xs={24} lg={10}>
            <Card size="small" title="第一步：下载模板">
              <Typography.Paragraph type="secondary">
                模板第一行为表头，商标名称、申请号、类别为必填；国家/地区不填为中国，申请方式不填为单一申请；日期写作
                YYYY-MM-DD；商品/服务以全角分号“；”分隔，可带类似群号。
              </Typography.Paragraph>
              <Button icon={<DownloadOutlined />} onClick={downloadTemplate}>
                下载模板
              </Button>
            </Card>
          </Col>
          <Col xs={24} lg={14}>
            <Card size="small" title="第二步：上传填好的表格">
              <Upload.Dragger
                accept=".xlsx"
                multiple={false}
                showUploadList={false}
                disabled={uploading}
                beforeUpload={(file) => {
                  void upload(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{uploading ? '正在上传…' : '点击或将 .xlsx 文件拖到此处上传'}</p>
                <p className="ant-upload-hint">上传后逐行校验，确认前不会写入任何商标</p>
              </Upload.Dragger>
            </Card>
          </Col>
        </Row>
      )}

      {job && RUNNING.has(job.status) && (
        <Card size="small" title={`${job.statusText}：${job.fileName}`}>
          {/* While checking, the number of rows is not known until the end: the bar only shows that work goes on. */}
          {job.status === 'checking' ? <Progress percent={100} status="active" showInfo={false} /> : <Progress percent={job.progress} status="active" />}
          <Typography.Text type="secondary">
            {job.status === 'checking'
              ? `已校验 ${job.processedRows.toLocaleString('zh-CN')} 行`
              : job.processedRows === 0
                ? '正在复核表格，随后在一次操作中写入全部有效行'
                : `已写入 ${job.processedRows.toLocaleString('zh-CN')} / ${job.validRows.toLocaleString('zh-CN')} 行`}
          </Typography.Text>
        </Card>
      )}

      {job?.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={`${job.fileName}：${job.message || '处理失败'}`}
          action={
            <Button size="small" onClick={restart}>
              重新上传
            </Button>
          }
        />
      )}

      {job?.status === 'checked' && (
        <Card size="small" title={`校验结果：${job.fileName}`} data-testid="import-report">
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Row gutter={16}>
              <Col span={5}>
                <Statistic title="数据行" value={job.totalRows} />
              </Col>
              <Col span={5}>
                <Statistic title="可导入" value={job.validRows} valueStyle={{ color: token.colorSuccess }} />
              </Col>
              <Col span={5}>
                <Statistic title="有错误（不导入）" value={job.errorRows} valueStyle={{ color: job.errorRows > 0 ? token.colorError : undefined }} />
              </Col>
              <Col span={5}>
                <Statistic title="有提示" value={job.warningRows} />
              </Col>
              <Col span={4}>
                <Statistic title="档案中已有" value={job.existingRows} />
              </Col>
            </Row>
            {job.message && <Alert type="warning" showIcon message={job.message} />}
            <ImportIssueTable jobId={job.id} />
            {job.existingRows > 0 && (
              <Space>
                <Typography.Text>档案中已有的 {job.existingRows} 件商标：</Typography.Text>
                <Radio.Group value={existingMode} onChange={(e) => setExistingMode(e.target.value as 'skip' | 'update')}>
                  <Radio value="skip">跳过</Radio>
                  <Radio value="update">以表格内容更新</Radio>
                </Radio.Group>
              </Space>
            )}
            <Space wrap>
              <Button type="primary" disabled={job.validRows === 0} loading={acting} onClick={() => void act('brandImport.confirm')}>
                确认导入
              </Button>
              <Button disabled={acting} onClick={() => void act('brandImport.cancel')}>
                取消导入
              </Button>
              {job.reportPath && (
                <Button icon={<DownloadOutlined />} onClick={downloadReport}>
                  下载校验报告
                </Button>
              )}
              <Typography.Text type="secondary">
                {job.validRows === 0 ? '没有可导入的行：请修改表格后重新上传' : `确认后将在一次操作中写入 ${job.validRows} 行，有错误的行不导入`}
              </Typography.Text>
            </Space>
          </Space>
        </Card>
      )}

      {job?.status === 'done' && (
        <Result
          status="success"
          title="导入完成"
          subTitle={`新增 ${job.insertedRows} 件，更新 ${job.updatedRows} 件，跳过 ${job.skippedRows} 件；有错误未导入 ${job.errorRows} 行`}
          extra={[
            <Button type="primary" key="archive" onClick={() => runtime.navigate(archivePath)}>
              查看商标档案
            </Button>,
            <Button key="again" onClick={restart}>
              继续导入
            </Button>,
          ]}
        />
      )}
    </Space>
  );
}
