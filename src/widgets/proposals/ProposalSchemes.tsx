import { useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Modal, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import { PlusOutlined, StarFilled } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { UploadedFile } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { AttachmentUpload } from '../../runtime/components/AttachmentUpload.js';
import { storedFilesOf as demandFilesOf, uploadedFilesOf } from '../../runtime/upload/storedFiles.js';
import { useRefreshProposals } from './refreshProposals.js';

interface SchemeValues {
  kind: 'analysis' | 'filing';
  title: string;
  content: string;
  fee?: number | null;
  files?: UploadedFile[];
}

/** 提交方案: the agency's or IP team's analysis or filing scheme on the proposal, with its estimated fee and files. */
function SubmitSchemeButton({ demandId }: { demandId: number }) {
  const runtime = useRuntime();
  const refresh = useRefreshProposals();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<SchemeValues>();

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await runtime.callOperation('demand.proxyAnalysisSub', {
        id: demandId,
        kind: values.kind,
        title: values.title.trim(),
        content: values.content.trim(),
        ...(typeof values.fee === 'number' ? { fee: values.fee } : {}),
        files: demandFilesOf(values.files ?? []),
      });
      runtime.notify('success', '方案已提交');
      setOpen(false);
      await refresh();
    } catch {
      // The HTTP client showed why; the dialog keeps the input.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        type="link"
        icon={<PlusOutlined />}
        onClick={() => {
          form.resetFields();
          setOpen(true);
        }}
      >
        提交方案
      </Button>
      <Modal
        open={open}
        title="提交方案"
        okText="提交"
        cancelText="取消"
        width={640}
        okButtonProps={{ loading: busy }}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ kind: 'filing', files: [] }} preserve={false} data-testid="scheme-form">
          <Form.Item name="kind" label="方案类别" rules={[{ required: true, message: '请选择方案类别' }]}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'analysis', label: '分析方案' },
                { value: 'filing', label: '申请方案' },
              ]}
            />
          </Form.Item>
          <Form.Item name="title" label="方案名称" rules={[{ required: true, whitespace: true, message: '请输入方案名称' }]}>
            <Input maxLength={100} showCount placeholder="如：马德里途径指定日本、韩国" />
          </Form.Item>
          <Form.Item name="content" label="方案内容" rules={[{ required: true, whitespace: true, message: '请输入方案内容' }]}>
            <Input.TextArea rows={5} maxLength={5000} showCount placeholder="途径、类别与商品、时间安排、风险与建议" />
          </Form.Item>
          <Form.Item name="fee" label="预计费用（元）">
            <InputNumber min={0} max={100000000} precision={2} style={{ width: 200 }} placeholder="选填" />
          </Form.Item>
          <Form.Item name="files" label="方案附件" valuePropName="value">
            <AttachmentUpload maxCount={30} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** The schemes offered on a proposal, first submitted first; the one chosen on approval is marked. */
export function ProposalSchemes({ demandId, canSubmit }: { demandId: number; canSubmit: boolean }) {
  const { data, isLoading } = useOperation('demand.schemeList', { id: demandId });
  const list = data?.list ?? [];
  return (
    <div data-testid="proposal-schemes">
      {canSubmit && (
        <div className="proposal-card-tools">
          <SubmitSchemeButton demandId={demandId} />
        </div>
      )}
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无方案" />
      ) : (
        <div className="proposal-schemes">
          {list.map((s) => (
            <article key={s.id} className={s.chosen ? 'proposal-scheme chosen' : 'proposal-scheme'} data-chosen={s.chosen}>
              <header>
                <Space size={8} wrap>
                  <Tag bordered={false} color={s.kind === 'filing' ? 'blue' : 'cyan'}>
                    {s.kind === 'filing' ? '申请方案' : '分析方案'}
                  </Tag>
                  <Typography.Text strong>{s.title}</Typography.Text>
                  {s.chosen && (
                    <Tag color="success" icon={<StarFilled />}>
                      已选定
                    </Tag>
                  )}
                </Space>
                {s.fee !== null && (
                  <Typography.Text className="proposal-scheme-fee">预计 {s.fee.toLocaleString('zh-CN', { minimumFractionDigits: 2 })} 元</Typography.Text>
                )}
              </header>
              <Typography.Paragraph className="proposal-comment-text" style={{ margin: '8px 0' }}>
                {s.content}
              </Typography.Paragraph>
              {s.files.length > 0 && <AttachmentUpload value={uploadedFilesOf(s.files)} readOnly />}
              <Typography.Text type="secondary" className="proposal-trend-meta">
                {s.submitterName} · {dayjs(s.createdAt).format('YYYY-MM-DD HH:mm')}
              </Typography.Text>
            </article>
          ))}
        </div>
      )}
    </div>
  );
}
