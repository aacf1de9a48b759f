import { useMemo, useRef, useState } from 'react';
import { Alert, App, AutoComplete, Button, Checkbox, Input, Progress, Space, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useOperation } from '../../runtime/useOperation.js';
import type { OfficialRecognition, RecognitionUploaderProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { MB, UPLOAD_PURPOSES, officialTypeMessage, tooLargeMessage } from '../../shared/uploadPurposes.js';
import { extensionOf } from '../../runtime/upload/uploadRules.js';

const LETTER_TYPES: readonly string[] = UPLOAD_PURPOSES.officialDocument.extensions;
const ACCEPTED = [...LETTER_TYPES, 'zip'];

/** One file dropped on the uploader, from sending to the letter(s) it gave. */
interface Dropped {
  key: string;
  name: string;
  phase: 'uploading' | 'recognising' | 'done' | 'failed';
  percent: number;
  message: string;
}

/** One letter to review: what was recognised, as the user corrects it. */
interface Row {
  key: string;
  result: OfficialRecognition;
  accepted: boolean;
  documentType: string;
  appNo: string;
  dispatchNo: string;
  sendDate: string;
  receiveDate: string;
  applyStatus: boolean;
}

const STATE_TAG: Record<OfficialRecognition['state'], { color: string; text: string }> = {
  '0': { color: 'orange', text: '官文已存在' },
  '1': { color: 'green', text: '已识别' },
  '2': { color: 'blue', text: '识别中' },
  '3': { color: 'red', text: '无法识别' },
};

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function refusalOf(file: File): string | null {
  const ext = extensionOf(file.name);
  if (!ACCEPTED.includes(ext)) return officialTypeMessage(ACCEPTED);
  if (file.size > UPLOAD_PURPOSES.officialDocument.limitMb * MB) return tooLargeMessage('officialDocument');
  return null;
}

function rowOf(result: OfficialRecognition, key: string): Row {
  return {
    key,
    result,
    accepted: result.state === '1' && !!result.type && !!result.brandNo,
    documentType: result.type,
    appNo: result.brandNo,
    dispatchNo: result.dispatchNo,
    sendDate: result.sendDate,
    receiveDate: today(),
    applyStatus: result.reviewResults.length > 0,
  };
}

/**
 * Uploading letters to recognise (spec 001 §3, §5): single letters and zips of letters are dropped
 * here, each sent and read with its progress shown; the letters recognised are listed for review,
 * corrected where the recognition erred, and the accepted ones saved together.
 */
export function RecognitionUploader({ business = 'trademark', pollMs = 1000 }: RecognitionUploaderProps) {
  const runtime = useRuntime();
  const { message } = App.useApp();
  const [dropped, setDropped] = useState<Dropped[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  const serial = useRef(0);

  const types = useOperation('officials.getOfficialTypeList', { business }).data;
  const typeOptions = useMemo(() => (types ?? []).map((t) => ({ value: t.officalType })), [types]);

  const patchDropped = (key: string, patch: Partial<Dropped>) => setDropped((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const patchRow = (key: string, patch: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  /** Polls a letter the OCR is reading until it is done; its row follows the progress. */
  const follow = async (rowKey: string, droppedKey: string, taskId: string) => {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      let reply: OfficialRecognition;
      try {
        reply = await runtime.callOperation('officialRecognition.progress', { taskId }, { silent: true });
      } catch {
        patchDropped(droppedKey, { phase: 'failed', message: '识别进度查询失败' });
        return;
      }
      setRows((all) => all.map((r) => (r.key === rowKey ? (reply.state === '2' ? { ...r, result: reply } : rowOf(reply, rowKey)) : r)));
      if (reply.state !== '2') return;
      patchDropped(droppedKey, { percent: Math.max(50, Math.round(50 + reply.percent / 2)) });
    }
  };

  const send = async (file: File) => {
    const key = `f${++serial.current}`;
    const refusal = refusalOf(file);
    if (refusal) {
      setDropped((all) => [...all, { key, name: file.name, phase: 'failed', percent: 100, message: refusal }]);
      message.error(refusal);
      return;
    }
    setDropped((all) => [...all, { key, name: file.name, phase: 'uploading', percent: 10, message: '' }]);
    const form = new FormData();
    form.append('business', business);
    form.append('file', file);
    const isZip = extensionOf(file.name) === 'zip';
    try {
      const results = isZip
        ? (await runtime.callNamedOperation<{ list: OfficialRecognition[] }>('officialRecognition.decompress', form, { silent: true })).list
        : [await runtime.callNamedOperation<OfficialRecognition>('officialRecognition.distinguish', form, { silent: true })];
      patchDropped(key, { phase: 'recognising', percent: 50 });
      const added = results.map((result) => rowOf(result, `${key}-${++serial.current}`));
      setRows((all) => [...all, ...added]);
      if (results.some((r) => r.state === '0')) message.warning('官文已存在');
      await Promise.all(added.filter((r) => r.result.state === '2').map((r) => follow(r.key, key, r.result.taskId)));
      patchDropped(key, { phase: 'done', percent: 100, message: isZip ? `共 ${results.length} 个文件` : '' });
    } catch (err) {
      patchDropped(key, { phase: 'failed', percent: 100, message: err instanceof Error ? err.message : '上传失败' });
    }
  };

  const chosen = rows.filter((r) => r.accepted && r.result.state === '1');
  const save = async () => {
    const missing = chosen.find((r) => !r.documentType.trim() || !r.appNo.trim() || !r.receiveDate);
    if (missing) {
      message.error(`请填写“${missing.result.fileName}”的文件类型、申请号与收文日期`);
      return;
    }
    setSaving(true);
    try {
      const items = chosen.map((r) => ({
        fileId: r.result.fileId,
        documentType: r.documentType.trim(),
        appNo: r.appNo.trim(),
        receiveDate: r.receiveDate,
        sendDate: r.sendDate || null,
        dispatchNo: r.dispatchNo.trim(),
        business,
        applyStatus: r.applyStatus,
        ...(r.result.markName ? { markName: r.result.markName } : {}),
        ...(r.result.applicant ? { applicant: r.result.applicant } : {}),
        ...(r.result.brandId && r.appNo.trim() === r.result.brandNo ? { brandId: r.result.brandId } : {}),
      }));
      const [first, ...rest] = items;
      const { ids } = await runtime.callOperation('officialRecognition.save', { items: [first, ...rest] });
      message.success(`已保存 ${ids.length} 件官文`);
      const saved = new Set(chosen.map((r) => r.key));
      setRows((all) => all.filter((r) => !saved.has(r.key)));
    } catch {
      // The call has already said why; nothing was saved.
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<Row> = [
    {
      title: '保存',
      width: 56,
      render: (_, r) => (
        <Checkbox
          aria-label={`保存 ${r.result.fileName}`}
          checked={r.accepted}
          disabled={r.result.state !== '1'}
          onChange={(e) => patchRow(r.key, { accepted: e.target.checked })}
        />
      ),
    },
    {
      title: '文件',
      width: 170,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Link href={r.result.url} target="_blank" disabled={!r.result.url}>
            {r.result.fileName}
          </Typography.Link>
          <Space size={4}>
            <Tag color={STATE_TAG[r.result.state].color}>{STATE_TAG[r.result.state].text}</Tag>
            {r.result.state === '2' && <Progress percent={r.result.percent} size="small" style={{ width: 100 }} />}
          </Space>
          {r.result.message && r.result.state !== '2' && <Typography.Text type="secondary">{r.result.message}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '文件类型',
      width: 170,
      render: (_, r) => (
        <AutoComplete
          aria-label="文件类型"
          style={{ width: '100%' }}
          value={r.documentType}
          options={typeOptions}
          filterOption={(input, option) => !!option?.value.includes(input)}
          disabled={r.result.state !== '1'}
          status={r.accepted && !r.documentType ? 'error' : undefined}
          onChange={(value: string) => patchRow(r.key, { documentType: value })}
        />
      ),
    },
    {
      title: '申请号',
      width: 120,
      render: (_, r) => (
        <Input
          aria-label="申请号"
          value={r.appNo}
          disabled={r.result.state !== '1'}
          status={r.accepted && !r.appNo ? 'error' : undefined}
          onChange={(e) => patchRow(r.key, { appNo: e.target.value })}
        />
      ),
    },
    {
      title: '发文编号',
      width: 180,
      render: (_, r) => (
        <Input aria-label="发文编号" value={r.dispatchNo} disabled={r.result.state !== '1'} onChange={(e) => patchRow(r.key, { dispatchNo: e.target.value })} />
      ),
    },
    {
      title: '发文日期',
      width: 140,
      render: (_, r) => (
        <Input
          aria-label="发文日期"
          type="date"
          value={r.sendDate}
          disabled={r.result.state !== '1'}
          onChange={(e) => patchRow(r.key, { sendDate: e.target.value })}
        />
      ),
    },
    {
      title: '收文日期',
      width: 140,
      render: (_, r) => (
        <Input
          aria-label="收文日期"
          type="date"
          value={r.receiveDate}
          disabled={r.result.state !== '1'}
          onChange={(e) => patchRow(r.key, { receiveDate: e.target.value })}
        />
      ),
    },
    {
      title: '关联商标',
      render: (_, r) =>
        r.result.brandId ? (
          <Space direction="vertical" size={0}>
            <span>{r.result.markName || '--'}</span>
            {r.result.reviewResults.map((change) => (
              <Checkbox key={change.brandId} checked={r.applyStatus} onChange={(e) => patchRow(r.key, { applyStatus: e.target.checked })}>
                状态改为“{change.toStatus}”（现为“{change.fromStatus || '--'}”）
              </Checkbox>
            ))}
          </Space>
        ) : (
          <Tooltip title="档案中没有该申请号的商标，保存后官文不关联商标">
            <Typography.Text type="secondary">{r.result.markName ? `${r.result.markName}（档案中无）` : '--'}</Typography.Text>
          </Tooltip>
        ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="recognition-uploader">
      <Upload.Dragger
        multiple
        showUploadList={false}
        accept={ACCEPTED.map((t) => `.${t}`).join(',')}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">将官文拖到此处，或点击选择文件</p>
        <p className="ant-upload-hint">支持 pdf、jpg、jpeg、png、doc、docx 单个官文，或 zip 压缩包批量上传；单个文件不超过 100MB。扫描件与照片自动文字识别。</p>
      </Upload.Dragger>

      {dropped.length > 0 && (
        <Space direction="vertical" size={4} style={{ width: '100%' }} data-testid="recognition-files">
          {dropped.map((d) => (
            <div key={d.key} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
              <Typography.Text style={{ width: 260 }} ellipsis={{ tooltip: d.name }}>
                {d.name}
              </Typography.Text>
              <Progress
                percent={d.percent}
                size="small"
                style={{ width: 200, margin: 0 }}
                status={d.phase === 'failed' ? 'exception' : d.phase === 'done' ? 'success' : 'active'}
              />
              <Typography.Text type={d.phase === 'failed' ? 'danger' : 'secondary'}>
                {d.phase === 'uploading' ? '上传中' : d.phase === 'recognising' ? '识别中' : d.phase === 'failed' ? d.message : d.message || '已完成'}
              </Typography.Text>
            </div>
          ))}
        </Space>
      )}

      {rows.some((r) => r.result.state === '1') && (
        <Alert
          type="info"
          showIcon
          message="请核对识别结果，修改有误的文件类型、申请号与日期，勾选要保存的官文后点击保存；保存时逐件检查，任何一件不能保存则全部不保存。"
        />
      )}
      <Table<Row>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1150 }}
        locale={{ emptyText: <Typography.Text type="secondary">上传官文后在此核对识别结果</Typography.Text> }}
      />
      <Space>
        <Button type="primary" loading={saving} disabled={chosen.length === 0} onClick={save}>
          保存选中的官文（{chosen.length}）
        </Button>
        <Button disabled={rows.length === 0 || saving} onClick={() => setRows([])}>
          清空结果
        </Button>
      </Space>
    </Space>
  );
}
