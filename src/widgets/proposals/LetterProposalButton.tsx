import { useState } from 'react';
import { Form, Input, Modal, Radio, Select, Typography } from 'antd';
import type { LetterProposalButtonProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useDebounced } from '../../runtime/useDebounced.js';
import { proposalPath } from './proposalLook.js';
import { useRefreshProposals } from './refreshProposals.js';

interface Values {
  mode: 'new' | 'join';
  typeName?: string;
  title?: string;
  demandId?: number;
}

/**
 * 加入提案 on a letter's row: start a draft proposal of a chosen type from the letter (its fields
 * filled from the letter, its mark listed), or add the letter to an open proposal; the proposal opens.
 */
export function LetterProposalButton({ record, label = '加入提案' }: LetterProposalButtonProps) {
  const runtime = useRuntime();
  const refresh = useRefreshProposals();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form);
  const types = useOperation('demand.demandTypes', open ? {} : null);
  const openProposals = useOperation('demand.demandList', open && mode === 'join' ? { ...(keyword ? { keyword } : {}), pageNo: 1, pageSize: 20 } : null);
  const officialId = Number(record?.id);
  if (!(officialId > 0) || !runtime.permissions.has('demand')) return null;
  const letterName = [record?.documentType, record?.appNo].filter(Boolean).join(' · ');

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const title = values.title?.trim();
      const saved = await runtime.callOperation(
        'demand.addOfficialToDemand',
        values.mode === 'join' ? { officialId, demandId: values.demandId! } : { officialId, typeName: values.typeName!, ...(title ? { title } : {}) },
      );
      runtime.notify('success', values.mode === 'join' ? `官文已加入提案 ${saved.demandNo}` : `已新建提案 ${saved.demandNo}`);
      setOpen(false);
      await refresh();
      runtime.navigate(values.mode === 'new' && saved.actions.edit ? `${proposalPath(saved.id)}&edit=1` : proposalPath(saved.id));
    } catch {
      // The HTTP client showed why; the dialog keeps the choice.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="ipm-row-link"
        onClick={() => {
          form.resetFields();
          setTyped('');
          setOpen(true);
        }}
      >
        {label}
      </button>
      <Modal
        open={open}
        title="加入提案"
        okText="确定"
        cancelText="取消"
        okButtonProps={{ loading: busy }}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {letterName && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            官文：{letterName}
          </Typography.Paragraph>
        )}
        <Form form={form} layout="vertical" initialValues={{ mode: 'new' }} preserve={false} data-testid="letter-proposal-form">
          <Form.Item name="mode">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'new', label: '新建提案' },
                { value: 'join', label: '加入已有提案' },
              ]}
            />
          </Form.Item>
          {mode === 'join' ? (
            <Form.Item
              name="demandId"
              label="提案"
              rules={[{ required: true, message: '请选择要加入的提案' }]}
              extra="只列出未结束的提案（草稿、审批中、已驳回、已撤回）"
            >
              <Select
                showSearch
                filterOption={false}
                onSearch={setTyped}
                loading={openProposals.isLoading}
                placeholder="输入提案编号、标题或商标名称查找"
                options={(openProposals.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.demandNo} · ${d.title}（${d.typeTitle}）` }))}
                notFoundContent={<Typography.Text type="secondary">没有可加入的提案</Typography.Text>}
              />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="typeName" label="提案类型" rules={[{ required: true, message: '请选择提案类型' }]}>
                <Select placeholder="请选择" loading={types.isLoading} options={(types.data?.list ?? []).map((t) => ({ value: t.name, label: t.title }))} />
              </Form.Item>
              <Form.Item name="title" label="提案标题" extra="不填时以官文命名">
                <Input maxLength={100} showCount placeholder="选填" />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </>
  );
}
