import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import type { ForwardButtonProps, PersonOption } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { PersonSearch } from '../../runtime/components/PersonSearch.js';

interface Values {
  people?: PersonOption[];
  note?: string;
}

const KIND_TITLES: Record<ForwardButtonProps['kind'], string> = { mark: '商标', case: '案件', letter: '官文', demand: '提案' };

/** 转发: a mark, case, letter or proposal sent to colleagues as a message with a note and a link to its page. */
export function ForwardButton({ kind, objectId, label = '转发', link }: ForwardButtonProps) {
  const runtime = useRuntime();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const target = objectId === undefined || objectId === null ? '' : String(objectId).trim();
  // An expression not yet resolved (a record still loading) gives nothing to forward.
  if (!/^([1-9][0-9]{0,9}|AJ[0-9]{13})$/.test(target)) return null;

  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const [first, ...rest] = (values.people ?? []).map((p) => p.id);
    if (first === undefined) return;
    const note = values.note?.trim();
    setBusy(true);
    try {
      const reply = await runtime.callOperation('forward.forward', {
        kind,
        objectId: target,
        userIds: [first, ...rest],
        ...(note ? { note } : {}),
      });
      runtime.notify('success', `已转发给 ${reply.count} 位同事`);
      setOpen(false);
    } catch {
      // The HTTP client showed the server's message; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        type={link ? 'link' : 'default'}
        size={link ? 'small' : undefined}
        icon={link ? undefined : <ShareAltOutlined />}
        onClick={() => {
          form.resetFields();
          setOpen(true);
        }}
        data-testid="forward-button"
      >
        {label}
      </Button>
      <Modal
        open={open}
        title={`转发${KIND_TITLES[kind]}`}
        okText="发送"
        cancelText="取消"
        confirmLoading={busy}
        onOk={send}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="people" label="转发给" rules={[{ required: true, type: 'array', min: 1, message: '请选择转发给谁' }]}>
            <PersonSearch />
          </Form.Item>
          <Form.Item name="note" label="附言" rules={[{ max: 500, message: '附言不能超过 500 个字' }]}>
            <Input.TextArea rows={3} maxLength={500} showCount placeholder="选填，如：请跟进这件的答辩期限" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
